import { useSearchParams } from 'react-router-dom';

import { ArticleCard } from '../components/cards';
import { PagedList } from '../components/PagedList';
import { Tabs } from '../components/Tabs';

import type { StoreArticle } from '@/api/contract/store';
import { routes } from '@/routes';

const TABS: Array<{ tab: string; label: string; kind: 'top' | 'news'; query: Record<string, string> }> = [
  { tab: 'top', label: '头条', kind: 'top', query: {} },
  { tab: 'news', label: '资讯', kind: 'news', query: { kind: 'news' } },
  { tab: 'view', label: '观点', kind: 'news', query: { kind: 'view' } },
];

/** The store's article list (kept alive: the tab and scroll survive a visit to an article). */
export default function ShopListScreen() {
  const [params] = useSearchParams();
  const current = TABS.find((t) => t.tab === params.get('tab')) ?? TABS[0]!;
  return (
    <main className="kn-page">
      <Tabs tabs={TABS} current={current.tab} href={(t) => routes.shopList.getHref({}, { tab: t.tab })} />
      <PagedList<StoreArticle>
        listKey={`shop:${current.tab}`}
        kind={current.kind}
        query={current.query}
        empty="暂无文章"
        render={(a) => <ArticleCard key={a.id} a={a} full />}
      />
    </main>
  );
}
