import { useEffect } from 'react';

import { RecipientRow } from './RecipientRow';
import { RecipientSearch } from './RecipientSearch';

import type { Recipient } from '@/api/contract/market-map-materials';
import { useDetailList } from '@/features/marketing/details';
import { InlineListState, InlineMore, useKeywordSearch } from '@/features/marketing/shared';

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
  const { draft, setDraft, keyword, onSearch } = useKeywordSearch();
  const list = useDetailList('materialRecipients', { fileId, customer_id: only, keyword });
  const { refresh } = list;
  useEffect(() => {
    if (sentKey) refresh();
  }, [sentKey, refresh]);
  return (
    <section className="mk-section" id="recipients" aria-label="选择客户">
      <h3>选择客户{only ? '' : `（共 ${list.total ?? '…'} 位）`}</h3>
      {only ? (
        <button type="button" className="mk-chip" onClick={onShowAll}>
          选择其他客户
        </button>
      ) : (
        <RecipientSearch draft={draft} setDraft={setDraft} onSearch={onSearch} />
      )}
      <InlineListState list={list} loading="正在加载客户…" />
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
      <InlineMore list={list} label="更多客户" />
    </section>
  );
}
