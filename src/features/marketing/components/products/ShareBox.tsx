import { useAppDispatch, useAppSelector } from '@/store';
import type { SharePage } from '@/api/contract/marketMap-products';
import { ShareMenuSetup } from '@/features/session';
import { EMPTY_SHARE, productShareNoticeClosed, productShareRequested, productShareSendRequested, selectProductShares, shareKeyOf } from '../../store/productShareSlice';
import { Toast } from '../Toast';

const SEND_NOTICE: Record<string, string> = { sent: '已发送给客户', copied: '链接已复制，可粘贴发送给客户' };

/**
 * Share a customer-facing page of the product: ask for a signed link, then send it (WeCom 发送给客户,
 * else copied). Once made, the page's own share menu (WeCom/WeChat ···) shares that link too.
 */
export function ShareBox({ productId, page, label, disabledReason, ownsMenu = false }: { productId: number; page: SharePage; label: string; disabledReason?: string | null; ownsMenu?: boolean }) {
  const dispatch = useAppDispatch();
  const key = shareKeyOf(page, productId);
  const share = useAppSelector((s) => selectProductShares(s).entries[key]) ?? EMPTY_SHARE;
  if (disabledReason) return <div className="mk-banner">{disabledReason}</div>;
  return (
    <section className="pd-share" aria-label="分享给客户">
      {share.status !== 'ready' && (
        <button type="button" className="mk-btn mk-primary" disabled={share.status === 'creating'} onClick={() => dispatch(productShareRequested({ productId, page }))}>
          {share.status === 'creating' ? '正在生成…' : label}
        </button>
      )}
      {share.status === 'failed' && <div className="mk-banner">{share.error?.message ?? '生成失败，请重试'}</div>}
      {share.status === 'ready' && share.link && (
        <>
          {ownsMenu && <ShareMenuSetup title={share.title} desc={share.desc} link={share.link} />}
          <div className="pd-share__link" aria-label="分享链接">
            {share.link}
          </div>
          <div className="mk-actions">
            <button type="button" className="mk-primary" disabled={share.send === 'sending'} onClick={() => dispatch(productShareSendRequested({ key }))}>
              {share.send === 'sending' ? '发送中…' : '发送给客户'}
            </button>
            <button type="button" onClick={() => dispatch(productShareRequested({ productId, page }))}>
              重新生成
            </button>
          </div>
          <div className="pd-chart__note">客户无需登录即可打开，链接 7 天内有效；页面附风险提示与您的从业资格编号。</div>
        </>
      )}
      {(share.send === 'sent' || share.send === 'copied' || share.send === 'failed') && (
        <Toast text={share.send === 'failed' ? (share.sendMessage ?? '发送未完成') : SEND_NOTICE[share.send]!} onClose={() => dispatch(productShareNoticeClosed({ key }))} />
      )}
    </section>
  );
}
