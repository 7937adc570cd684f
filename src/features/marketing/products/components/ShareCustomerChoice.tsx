import { useState } from 'react';

import type { Recipient } from '@/api/contract/market-map-materials';
import type { SharePage } from '@/api/contract/market-map-products';
import { useDetailList } from '@/features/marketing/details';
import { blockedReason, RecipientRow, RecipientSearch } from '@/features/marketing/materials';
import { InlineListState, InlineMore, useKeywordSearch } from '@/features/marketing/shared';

/** My customers for this product: the verdict before the tap; one customer per link. */
export function ShareCustomerChoice({
  productId,
  page,
  onMake,
}: {
  productId: number;
  page: SharePage;
  onMake(r: Recipient): void;
}) {
  const { draft, setDraft, keyword, onSearch } = useKeywordSearch();
  const [picked, setPicked] = useState<Recipient | null>(null);
  const list = useDetailList('shareRecipients', { product_id: productId, keyword });
  const name = `share-${page}-${productId}`;
  return (
    <div aria-label="选择客户">
      <p className="pd-chart__note">分享页为单个客户生成：只可选择风险等级与产品相匹配、今日尚可联系的客户。</p>
      <RecipientSearch draft={draft} setDraft={setDraft} onSearch={onSearch} />
      <InlineListState list={list} loading="正在加载客户…" />
      {list.status !== 'loading' && list.items.length === 0 && list.status !== 'failed' && (
        <p className="mk-empty">没有找到客户</p>
      )}
      {list.items.map((r) => (
        <RecipientRow
          key={r.customer.customer_id}
          r={r}
          type="radio"
          name={name}
          checked={picked?.customer.customer_id === r.customer.customer_id}
          onToggle={setPicked}
        />
      ))}
      <InlineMore list={list} label="更多客户" />
      <button
        type="button"
        className="mk-btn mk-primary"
        disabled={!picked || Boolean(blockedReason(picked))}
        onClick={() => picked && onMake(picked)}
      >
        {picked ? `为 ${picked.customer.display_name} 生成分享页` : '请先选择客户'}
      </button>
    </div>
  );
}
