import { type FormEvent, useState } from 'react';

import {
  EMPTY_SHARE,
  productShareNoticeClosed,
  productShareRequested,
  productShareReset,
  productShareSendRequested,
  selectProductShares,
  shareKeyOf,
} from '../../store/product-share-slice';
import { blockedReason, RecipientRow } from '../materials/RecipientRow';
import { Toast } from '../Toast';
import { useDetailList } from '../use-detail';

import '../materials/materials.css';

import type { Recipient } from '@/api/contract/market-map-materials';
import type { SharePage } from '@/api/contract/market-map-products';
import { ShareMenuSetup } from '@/features/session';
import { useAppDispatch, useAppSelector } from '@/store';

const SEND_NOTICE: Record<string, string> = { sent: '已发送给客户', copied: '链接已复制，可粘贴发送给客户' };

/** My customers for this product: the verdict before the tap; one customer per link. */
function CustomerChoice({
  productId,
  page,
  onMake,
}: {
  productId: number;
  page: SharePage;
  onMake(r: Recipient): void;
}) {
  const [draft, setDraft] = useState('');
  const [keyword, setKeyword] = useState<string | undefined>(undefined);
  const [picked, setPicked] = useState<Recipient | null>(null);
  const list = useDetailList('shareRecipients', { product_id: productId, keyword });
  const onSearch = (e: FormEvent) => {
    e.preventDefault();
    setKeyword(draft.trim() || undefined);
  };
  const name = `share-${page}-${productId}`;
  return (
    <div aria-label="选择客户">
      <p className="pd-chart__note">分享页为单个客户生成：只可选择风险等级与产品相匹配、今日尚可联系的客户。</p>
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
      {list.status === 'loading' && <p className="mk-foot">正在加载客户…</p>}
      {list.status === 'failed' && (
        <p className="mt-error">
          {list.error?.message}{' '}
          <button type="button" onClick={list.refresh}>
            重试
          </button>
        </p>
      )}
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
      {list.hasMore && (
        <div className="mk-foot">
          <button type="button" onClick={list.more}>
            {list.status === 'loadingMore' ? '加载中…' : '更多客户'}
          </button>
        </div>
      )}
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

/**
 * Share a customer-facing page of the product with one customer: pick a suitable customer, the server checks
 * and signs a link for them (audited), then send it (WeCom 发送给客户, else copied). The send's answer is
 * recorded: only a confirmed send spends the customer's contact for the day.
 */
export function ShareBox({
  productId,
  page,
  label,
  disabledReason,
  ownsMenu = false,
}: {
  productId: number;
  page: SharePage;
  label: string;
  disabledReason?: string | null;
  ownsMenu?: boolean;
}) {
  const dispatch = useAppDispatch();
  const [open, setOpen] = useState(false);
  const key = shareKeyOf(page, productId);
  const share = useAppSelector((s) => selectProductShares(s).entries[key]) ?? EMPTY_SHARE;
  if (disabledReason) return <div className="mk-banner">{disabledReason}</div>;
  return (
    <section className="pd-share" aria-label="分享给客户">
      {share.status === 'idle' && !open && (
        <button type="button" className="mk-btn mk-primary" onClick={() => setOpen(true)}>
          {label}
        </button>
      )}
      {(share.status === 'idle' || share.status === 'failed') && open && (
        <CustomerChoice
          productId={productId}
          page={page}
          onMake={(r) => dispatch(productShareRequested({ productId, page, customerId: r.customer.customer_id }))}
        />
      )}
      {share.status === 'creating' && <p className="mk-foot">正在生成…</p>}
      {share.status === 'failed' && (
        <div className="mk-banner" role="alert">
          {share.error?.message ?? '生成失败，请重试'}
        </div>
      )}
      {share.status === 'ready' && share.link && (
        <>
          {ownsMenu && <ShareMenuSetup title={share.title} desc={share.desc} link={share.link} />}
          <p className="pd-share__for">
            已为 <strong>{share.customerName}</strong> 生成分享页（他人打开只能看到产品概况与风险提示）
          </p>
          <div className="pd-share__link" aria-label="分享链接">
            {share.link}
          </div>
          <div className="mk-actions">
            <button
              type="button"
              className="mk-primary"
              disabled={share.send === 'sending'}
              onClick={() => dispatch(productShareSendRequested({ key }))}
            >
              {share.send === 'sending' ? '发送中…' : '发送给客户'}
            </button>
            <button
              type="button"
              disabled={share.send === 'sending'}
              onClick={() => {
                dispatch(productShareReset({ key }));
                setOpen(true);
              }}
            >
              换一位客户
            </button>
          </div>
          <div className="pd-chart__note">
            链接 7 天内有效；页面附风险提示与您的从业资格编号。发送成功后计入该客户今日联系次数，未发送或取消不计。
          </div>
        </>
      )}
      {(share.send === 'sent' || share.send === 'copied' || share.send === 'failed') && (
        <Toast
          text={share.send === 'failed' ? (share.sendMessage ?? '发送未完成') : SEND_NOTICE[share.send]!}
          onClose={() => dispatch(productShareNoticeClosed({ key }))}
        />
      )}
    </section>
  );
}
