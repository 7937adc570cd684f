import { SearchRecent } from '../components/SearchRecent';
import { SearchResults } from '../components/SearchResults';
import { searchKeywordChanged } from '../store/pages-slice';
import { selectSearch } from '../store/workbench-selectors';

import '../../shared/components/marketing.css';

import { ListSkeleton } from '@/features/marketing/shared';
import { useAppDispatch, useAppSelector } from '@/store';
import { ErrorBlock } from '@/ui/ErrorBlock';
import { RetryBlock } from '@/ui/RetryBlock';

/** 搜索: customers, products and cards as the adviser types (the saga waits for a pause). */
export default function SearchIndexScreen() {
  const dispatch = useAppDispatch();
  const search = useAppSelector(selectSearch);
  const { keyword, status, result, recent, error } = search;
  const typed = keyword.trim() !== '';
  const empty = result && result.customers.length + result.products.length + result.cards.length === 0;
  const set = (k: string) => dispatch(searchKeywordChanged({ keyword: k.slice(0, 30) }));

  return (
    <main className="mk-page">
      <div className="mk-search">
        <input
          className="mk-input"
          type="search"
          // The adviser opened this screen to type: the keyboard comes up at once, as in every search field.
          // eslint-disable-next-line jsx-a11y/no-autofocus
          autoFocus
          placeholder="客户姓名、手机尾号、产品、商机"
          maxLength={30}
          value={keyword}
          aria-label="搜索关键词"
          onChange={(e) => set(e.target.value)}
        />
        {typed && (
          <button type="button" className="mk-btn" style={{ flex: '0 0 64px' }} onClick={() => set('')}>
            清除
          </button>
        )}
      </div>
      {!typed && <SearchRecent recent={recent} onPick={set} />}
      {/* Typed but not yet asked (the pause before the search) reads as searching, never as a blank page. */}
      {typed && (status === 'loading' || status === 'idle') && !result && <ListSkeleton rows={3} label="正在搜索" />}
      {typed && status === 'failed' && (
        <RetryBlock title="搜索失败" description={error?.message} onRetry={() => void set(keyword)} />
      )}
      {typed && empty && status === 'loaded' && (
        <ErrorBlock status="empty" title="没有找到相关结果" description="换个关键词试试" />
      )}
      {typed && result && <SearchResults result={result} />}
    </main>
  );
}
