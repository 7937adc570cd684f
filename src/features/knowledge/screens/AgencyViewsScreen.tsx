import { ArticleCard } from '../components/cards';
import { PagedList } from '../components/PagedList';
import { Disclaimer } from '../components/parts';

import type { StoreArticle } from '@/api/contract/store';
import { VIEW_DISCLAIMER } from '@/api/contract/store-constants';

/** Institution views: source on every one, the full text sanitized, a disclaimer under each. */
export default function AgencyViewsScreen() {
  return (
    <main className="kn-page">
      <div className="kn-pad">
        <Disclaimer>{VIEW_DISCLAIMER}</Disclaimer>
      </div>
      <PagedList<StoreArticle>
        listKey="views"
        kind="news"
        query={{ kind: 'view' }}
        empty="暂无机构观点"
        render={(a) => <ArticleCard key={a.id} a={a} full />}
      />
    </main>
  );
}
