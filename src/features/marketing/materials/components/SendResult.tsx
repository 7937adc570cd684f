import type { SendState } from '../store/materials-slice';

import { SEND_TIMEOUT_MS } from '@/api/contract/market-map-send';

/** The heading: 已送达 counts only what WeCom confirmed; links made outside WeCom are not deliveries. */
function headline(send: SendState): string {
  const r = send.result!;
  const left = r.left_out.count ? `，排除 ${r.left_out.count} 位` : '';
  if (send.shared === 'skipped') return `已生成 ${r.sent.length} 条追踪链接，未经企业微信发送${left}`;
  if (send.status === 'sharing') return `等待企业微信确认 ${r.sent.length} 位${left}`;
  if (r.sent.length === 0) return `未发送${left}`;
  const missed = send.undelivered.length ? `，未送达 ${send.undelivered.length} 位` : '';
  return `已送达 ${send.delivered} 位${missed}${left}`;
}

/**
 * What a send did: delivered (WeCom confirmed), not delivered with the reason and 重试 for those, the refused
 * with their reasons; outside WeCom the tracked links to copy.
 */
export function SendResult({
  send,
  onClose,
  onRetry,
}: {
  send: SendState;
  onClose(): void;
  onRetry(customerIds: number[]): void;
}) {
  const r = send.result;
  return (
    <section className="mt-result" role="status" aria-live="polite" aria-label="发送结果">
      {send.status === 'sending' && <p>正在检查适当性…</p>}
      {send.status === 'sharing' && <p>正在通过企业微信发送，最长等待 {SEND_TIMEOUT_MS / 1000} 秒…</p>}
      {send.status === 'failed' && <p className="mt-refused">发送失败：{send.error}（可再次点击发送重试）</p>}
      {r && (
        <>
          <h3 data-delivered={send.delivered}>{headline(send)}</h3>
          {r.refused.length > 0 && (
            <ul className="mt-refused">
              {r.refused.map((x) => (
                <li key={x.customer_id} data-reason={x.reason_code}>
                  {x.display_name}：{x.reason}
                </li>
              ))}
            </ul>
          )}
          {send.shared === 'done' && <p>企业微信已确认送达，客户打开后可在客户详情中看到阅读情况。</p>}
          {send.shared === 'failed' && (
            <p className="mt-refused" data-delivery="undelivered">
              未送达 {send.undelivered.length} 位：{send.error}{' '}
              <button type="button" className="mk-chip" onClick={() => onRetry(send.undelivered)}>
                重试
              </button>
            </p>
          )}
          {send.shared === 'skipped' && r.sent.length > 0 && (
            <ul>
              {r.sent.map((s) => (
                <li key={s.forward_id}>
                  追踪链接：<span style={{ userSelect: 'all' }}>{s.link}</span>
                </li>
              ))}
            </ul>
          )}
        </>
      )}
      {send.status !== 'sending' && send.status !== 'sharing' && (
        <button type="button" className="mk-chip" onClick={onClose}>
          知道了
        </button>
      )}
    </section>
  );
}
