import { useSearchParams } from 'react-router-dom';

import { ArticleCard } from '../components/ArticleCard';
import { ResourceView, useResource } from '../components/parts';
import { StoreError } from '../components/StoreError';

import { parseId } from '@/api/contract/id';
import type { StoreArticle } from '@/api/contract/store';

/** One article, opened from a card: the full text at once, its source, author and likes. */
export default function ArticleDetailScreen() {
  const [params] = useSearchParams();
  const id = parseId(params.get('id'));
  const valid = id !== null;
  const r = useResource<StoreArticle>(`article:${valid ? id : 0}`, 'article', valid ? id : 1);
  if (!valid) return <StoreError title="链接无效" description="文章编号缺失或有误，请从商城首页进入" />;
  return (
    <main className="kn-page">
      <ResourceView r={r}>{(a) => <ArticleCard a={a} full open />}</ResourceView>
    </main>
  );
}
