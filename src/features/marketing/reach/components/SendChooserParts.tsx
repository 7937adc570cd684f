import { SEND_TEXT_MAX, SEND_TIMEOUT_MS, type SendOption } from '@/api/contract/market-map-send';
import { type PolicyAdvice, PolicyHint } from '@/ui/PolicyHint';
import { RiskChip } from '@/ui/RiskChip';

/** Exactly what the customer receives for one material: the WeCom card (cover, title, summary), levels, disclosures. */
export function Preview({ o }: { o: SendOption }) {
  return (
    <section className="mk-send__preview" aria-label="客户将收到">
      <h3>客户将收到</h3>
      <div className="mk-send__card">
        {o.image_url ? (
          <img src={o.image_url} alt="" width={64} height={64} />
        ) : (
          <span className="mk-send__cover" aria-hidden="true">
            文
          </span>
        )}
        <div>
          <strong>{o.title}</strong>
          <p>{o.summary}</p>
        </div>
      </div>
      {o.products.map((p) => (
        <p key={p.product_id} className="mk-send__product">
          {p.name} <RiskChip level={p.risk_level} />
        </p>
      ))}
      {o.disclosures.map((d) => (
        <p key={d} className="mk-send__disclosure">
          {d}
        </p>
      ))}
      <p className="mk-send__meta">{o.review_no || '合规审核编号：—'}</p>
    </section>
  );
}

export function OptionRow({ o, picked, onPick }: { o: SendOption; picked: boolean; onPick(): void }) {
  return (
    <button
      type="button"
      role="radio"
      aria-checked={picked}
      disabled={!o.verdict.ok}
      className={`mk-send__option${picked ? ' mk-send__option--picked' : ''}`}
      data-material-id={o.material_id}
      onClick={onPick}
    >
      <strong>{o.title}</strong>
      <span className="mk-send__why">{o.why}</span>
      <span className={o.verdict.ok ? 'mk-send__ok' : 'mk-send__no'}>
        {o.verdict.ok ? '适当性：适合该客户' : `适当性：不适合（${o.verdict.reason ?? '不能发送'}）`}
      </span>
    </button>
  );
}

/** The plain text option: the adviser's own words, the content policy's verdict under them as they type. */
export function TextDraft(props: { text: string; onChange(text: string): void; advice: PolicyAdvice }) {
  return (
    <>
      <label htmlFor="mk-send-text">消息内容</label>
      <textarea
        id="mk-send-text"
        rows={3}
        maxLength={SEND_TEXT_MAX}
        value={props.text}
        placeholder="例如：您好，明天上午方便通个电话吗？"
        onChange={(ev) => props.onChange(ev.target.value)}
      />
      <PolicyHint advice={props.advice} className={{ error: 'mk-send__error', note: 'mk-send__meta' }} />
    </>
  );
}

/** While WeCom answers: a stated limit and a bar that runs it down (CSS, no timer in the screen). */
export function Waiting() {
  return (
    <div className="mk-send__wait" role="status">
      <p>正在等待企业微信确认，最长 {SEND_TIMEOUT_MS / 1000} 秒…</p>
      <span className="mk-send__countdown" style={{ animationDuration: `${SEND_TIMEOUT_MS}ms` }} aria-hidden="true" />
    </div>
  );
}
