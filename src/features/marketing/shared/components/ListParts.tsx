import { type CSSProperties, type FormEvent, type ReactNode, useState } from 'react';

import { nextPageLabel } from './PagedFoot';

import type { ApiErrorInfo } from '@/api';

/** A search box's draft and the keyword it commits on submit (trimmed; empty means no keyword). */
export function useKeywordSearch(initial?: string) {
  const [draft, setDraft] = useState(initial ?? '');
  const [keyword, setKeyword] = useState<string | undefined>(initial);
  const onSearch = (e: FormEvent) => {
    e.preventDefault();
    setKeyword(draft.trim() || undefined);
  };
  return { draft, setDraft, keyword, onSearch };
}

/** The search form over a list: one input; what follows it in the bar comes as children. */
export function SearchBar({
  draft,
  setDraft,
  onSearch,
  placeholder,
  label,
  maxLength,
  style,
  children,
}: {
  draft: string;
  setDraft(value: string): void;
  onSearch(e: FormEvent): void;
  placeholder: string;
  label: string;
  maxLength: number;
  style?: CSSProperties;
  children?: ReactNode;
}) {
  return (
    <form className="mt-search" style={style} role="search" onSubmit={onSearch}>
      <input
        type="search"
        value={draft}
        onChange={(e) => setDraft(e.target.value)}
        placeholder={placeholder}
        aria-label={label}
        maxLength={maxLength}
      />
      {children}
    </form>
  );
}

/** What the inline list parts read of a paged list (useDetailList's answer). */
interface InlineList {
  status: string;
  items: readonly unknown[];
  error: ApiErrorInfo | null;
  hasMore: boolean;
  refresh(): void;
  more(): void;
}

/** A short list inside a screen: its loading line, or the failure of its first page with a retry. */
export function InlineListState({ list, loading }: { list: InlineList; loading: string }) {
  return (
    <>
      {list.status === 'loading' && <p className="mk-foot">{loading}</p>}
      {list.status === 'failed' && list.items.length === 0 && (
        <p className="mt-error">
          {list.error?.message}{' '}
          <button type="button" onClick={list.refresh}>
            重试
          </button>
        </p>
      )}
    </>
  );
}

/** Under a short list while more pages wait: one button, busy while the next page loads, a retry when it failed. */
export function InlineMore({ list, label }: { list: InlineList; label: string }) {
  if (!list.hasMore) return null;
  return (
    <div className="mk-foot">
      <button type="button" onClick={list.more}>
        {nextPageLabel(list.status, label)}
      </button>
    </div>
  );
}
