import type { SendState } from '../../store/materials-slice';

/** What a send did: sent with their tracked links, the refused with their reasons, the WeCom share's outcome. */
export function SendResult({ send, onClose }: { send: SendState; onClose(): void }) {
  const r = send.result;
  return (
    <section className="mt-result" role="status" aria-live="polite" aria-label="发送结果">
      {send.status === 'sending' && <p>正在检查适当性并发送…</p>}
      {send.status === 'sharing' && <p>正在通过企业微信发送…</p>}
      {send.status === 'failed' && <p className="mt-refused">发送失败：{send.error}（可再次点击发送重试）</p>}
      {r && (
        <>
          <h3>
            已发送 {r.sent.length} 位{r.left_out.count ? `，排除 ${r.left_out.count} 位` : ''}
          </h3>
          {r.refused.length > 0 && (
            <ul className="mt-refused">
              {r.refused.map((x) => (
                <li key={x.customer_id} data-reason={x.reason_code}>
                  {x.display_name}：{x.reason}
                </li>
              ))}
            </ul>
          )}
          {send.shared === 'done' && <p>已通过企业微信发送，客户打开后可在客户详情中看到阅读情况。</p>}
          {send.shared === 'failed' && <p className="mt-refused">企业微信发送未完成：{send.error}</p>}
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
