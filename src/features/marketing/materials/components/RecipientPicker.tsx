import { type FormEvent, useEffect, useState } from 'react';

import { RecipientRow } from './RecipientRow';

import type { Recipient } from '@/api/contract/market-map-materials';
import { useDetailList } from '@/features/marketing/details';

/**
 * 选择客户: my customers with the verdict and the remaining contact budget shown before sending.
 * Unsuitable ones (and those with no contact left today) are greyed with the reason and cannot be ticked;
 * the server decides again at send time and leaves out anyone whose state changed since.
 */
export function RecipientPicker({
  fileId,
  only,
  selected,
  onToggle,
  onShowAll,
  sentKey,
}: {
  fileId: number;
  only?: number;
  selected: ReadonlySet<number>;
  onToggle(r: Recipient): void;
  onShowAll(): void;
  /** The key of the last finished send: the budgets it spent are read again. */
  sentKey: string | null;
}) {
  const [draft, setDraft] = useState('');
  const [keyword, setKeyword] = useState<string | undefined>(undefined);
  const list = useDetailList('materialRecipients', { fileId, customer_id: only, keyword });
  const { refresh } = list;
  useEffect(() => {
    if (sentKey) refresh();
  }, [sentKey, refresh]);
  const onSearch = (e: FormEvent) => {
    e.preventDefault();
    setKeyword(draft.trim() || undefined);
  };
  return (
    <section className="mk-section" id="recipients" aria-label="选择客户">
      <h3>选择客户{only ? '' : `（共 ${list.total ?? '…'} 位）`}</h3>
      {only ? (
        <button type="button" className="mk-chip" onClick={onShowAll}>
          选择其他客户
        </button>
      ) : (
        <form className="mt-search" style={{ padding: '0 0 6px' }} role="search" onSubmit={onSearch}>
          <input
            type="search"
            value={draft}
            onChange={(e) => setDraft(e.target.value)}
            placeholder="按姓名搜索客户"
            aria-label="搜索客户"
            maxLength={20}
          />
        </form>
      )}
      {list.status === 'loading' && <p className="mk-foot">正在加载客户…</p>}
      {list.status === 'failed' && (
        <p className="mt-error">
          {list.error?.message}{' '}
          <button type="button" onClick={list.refresh}>
            重试
          </button>
        </p>
      )}
      {list.items.map((r) => (
        <RecipientRow
          key={r.customer.customer_id}
          r={r}
          type="checkbox"
          name="pick"
          checked={selected.has(r.customer.customer_id)}
          onToggle={onToggle}
        />
      ))}
      {list.hasMore && (
        <div className="mk-foot">
          <button type="button" onClick={list.more}>
            {list.status === 'loadingMore' ? '加载中…' : '更多客户'}
          </button>
        </div>
      )}
    </section>
  );
}
