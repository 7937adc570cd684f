import { useState } from 'react';

import {
  EMPTY_SHARE,
  productShareNoticeClosed,
  productShareRequested,
  selectProductShares,
  shareKeyOf,
} from '../store/product-share-slice';
import { ShareCustomerChoice } from './ShareCustomerChoice';
import { ShareReady } from './ShareReady';

import '../../materials/components/materials.css';

import type { SharePage } from '@/api/contract/market-map-products';
import { Toast } from '@/features/marketing/shared';
import { useAppDispatch, useAppSelector } from '@/store';

const SEND_NOTICE: Record<string, string> = { sent: '已发送给客户', copied: '链接已复制，可粘贴发送给客户' };

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
        <ShareCustomerChoice
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
        <ShareReady
          share={share}
          link={share.link}
          shareKey={key}
          ownsMenu={ownsMenu}
          onOtherCustomer={() => setOpen(true)}
        />
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
