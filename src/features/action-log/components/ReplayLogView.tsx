import type { ActionLog } from '../log-format';
import type { ReplayedStep } from './use-replayed-step';

const short = (v: unknown) => {
  const s = JSON.stringify(v);
  return s === undefined ? 'undefined' : s.length > 160 ? `${s.slice(0, 160)}…` : s;
};

interface ReplayLogViewProps {
  log: ActionLog;
  step: number;
  setStep: (n: number) => void;
  replayed: ReplayedStep;
}

/** The open log: its scrubber, the action at the current step, what it changed and the timeline. */
export function ReplayLogView({ log, step, setStep, replayed }: ReplayLogViewProps) {
  const total = log.entries.length;
  return (
    <>
      <p className="replay__meta">
        {log.appVersion} · {log.environment} · {log.context.userAgentClass} · {total} 步
        {log.dropped > 0 ? `（更早的 ${log.dropped} 步已丢弃）` : ''}
      </p>
      <div className="replay__scrub">
        <button onClick={() => setStep(Math.max(0, step - 1))} disabled={step === 0} aria-label="上一步">
          ‹
        </button>
        <input
          type="range"
          min={0}
          max={total}
          value={step}
          onChange={(e) => setStep(Number(e.target.value))}
          aria-label="步骤"
        />
        <button onClick={() => setStep(Math.min(total, step + 1))} disabled={step === total} aria-label="下一步">
          ›
        </button>
        <span data-testid="replay-step">
          第 {step} / {total} 步
        </span>
      </div>
      <h2>当前动作</h2>
      <pre className="replay__action" data-testid="replay-action">
        {replayed?.entry ? JSON.stringify(replayed.entry.action, null, 1).slice(0, 2000) : '（初始状态）'}
      </pre>
      {replayed?.entry && <p className="replay__route">页面：{replayed.entry.route}</p>}
      {replayed?.error && (
        <p className="replay__error" role="alert">
          {replayed.error}
        </p>
      )}
      <h2>状态变化（{replayed?.changes.length ?? 0}）</h2>
      <ul className="replay__diff">
        {replayed?.changes.slice(0, 60).map((c) => (
          <li key={c.path}>
            <code>{c.path}</code>: <del>{short(c.before)}</del> → <ins>{short(c.after)}</ins>
          </li>
        ))}
      </ul>
      <h2>时间线</h2>
      <ol className="replay__timeline" start={1}>
        {log.entries.map((e, i) => (
          <li key={e.seq} className={i + 1 === step ? 'is-current' : undefined}>
            <button onClick={() => setStep(i + 1)}>{e.action.type}</button>
          </li>
        ))}
      </ol>
    </>
  );
}
