import { useSearchParams } from 'react-router-dom';

import { ArticleCard, ExpertCard } from '../components/cards';
import { FollowError } from '../components/Follow';
import { PagedList } from '../components/PagedList';
import { Disclaimer } from '../components/parts';
import { Tabs } from '../components/Tabs';

import type { StoreArticle, StoreExpert } from '@/api/contract/store';
import { VIEW_DISCLAIMER } from '@/api/contract/store-constants';
import { routes } from '@/routes';

const TABS = [
  { tab: 'expert', label: '专家' },
  { tab: 'core', label: '核心成员' },
  { tab: 'followed', label: '我的关注' },
] as const;

/** Experts talk: every expert (or core member) with certificate number and follow; the views of those I follow. */
export default function ExpertMoreScreen() {
  const [params] = useSearchParams();
  const current = TABS.find((t) => t.tab === params.get('kind'))?.tab ?? 'expert';
  return (
    <main className="kn-page">
      <Tabs
        tabs={TABS}
        current={current}
        href={(t) => routes.expertMore.getHref({}, t.tab === 'expert' ? {} : { kind: t.tab })}
      />
      <FollowError />
      {current === 'followed' ? (
        <>
          <PagedList<StoreArticle>
            listKey="followed"
            kind="followed"
            empty="关注专家后，他们的最新观点会出现在这里"
            render={(a) => <ArticleCard key={a.id} a={a} full />}
          />
          <div className="kn-pad">
            <Disclaimer>{VIEW_DISCLAIMER}</Disclaimer>
          </div>
        </>
      ) : (
        <PagedList<StoreExpert>
          listKey={`experts:${current}`}
          kind="experts"
          query={{ kind: current }}
          empty="暂无专家"
          render={(e) => <ExpertCard key={e.id} e={e} />}
        />
      )}
    </main>
  );
}
