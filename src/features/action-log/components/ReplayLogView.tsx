import type { ActionLog } from '../log-format';
import { ReplayTimeline } from './ReplayTimeline';
import { StepEvidence } from './StepEvidence';
import { nextError, type TimelineIndex } from './timeline-index';
import type { ReplayedStep } from './use-replayed-step';

const short = (v: unknown) => {
  const s = JSON.stringify(v);
  return s === undefined ? 'undefined' : s.length > 160 ? `${s.slice(0, 160)}…` : s;
};

interface ReplayLogViewProps {
  log: ActionLog;
  index: TimelineIndex;
  step: number;
  setStep: (n: number) => void;
  replayed: ReplayedStep;
}

/** The open log: its scrubber, error navigation, the action at the current step, its requests and errors, the timeline. */
export function ReplayLogView({ log, index, step, setStep, replayed }: ReplayLogViewProps) {
  const total = log.entries.length;
  const previous = nextError(index, step, -1);
  const next = nextError(index, step, 1);
  const entry = replayed?.entry;

  return (
    <>
      <p className="replay__meta">
        {log.appVersion} · {log.environment} · {log.context.userAgentClass} · {total} 步 · {index.errorSteps.length}{' '}
        处错误
        {log.dropped > 0 ? `（更早的 ${log.dropped} 步已丢弃）` : ''}
      </p>
      <div className="replay__scrub">
        <button onClick={() => setStep(Math.max(0, step - 1))} disabled={step === 0} aria-label="上一步">
          ‹
        </button>
        <div className="replay__track">
          <input
            type="range"
            min={0}
            max={total}
            value={step}
            onChange={(e) => setStep(Number(e.target.value))}
            aria-label="步骤"
          />
          {/* Where the errors are along the scrubber, each a tap away. */}
          <div className="replay__marks" aria-hidden="true">
            {index.errorSteps.slice(0, 200).map((s) => (
              <span key={s} style={{ left: `${total ? (s / total) * 100 : 0}%` }} />
            ))}
          </div>
        </div>
        <button onClick={() => setStep(Math.min(total, step + 1))} disabled={step === total} aria-label="下一步">
          ›
        </button>
      </div>
      <div className="replay__nav">
        <span data-testid="replay-step">
          第 {step} / {total} 步
        </span>
        <button onClick={() => previous !== null && setStep(previous)} disabled={previous === null}>
          上一个错误
        </button>
        <button onClick={() => next !== null && setStep(next)} disabled={next === null}>
          下一个错误
        </button>
      </div>
      <h2>当前动作</h2>
      <pre className="replay__action" data-testid="replay-action">
        {entry ? JSON.stringify(entry.action, null, 1).slice(0, 2000) : '（初始状态）'}
      </pre>
      {entry && <p className="replay__route">页面：{entry.route}</p>}
      {replayed?.error && (
        <p className="replay__error" role="alert">
          {replayed.error}
        </p>
      )}
      <StepEvidence index={index} entry={entry} />
      <h2>状态变化（{replayed?.changes.length ?? 0}）</h2>
      <ul className="replay__diff">
        {replayed?.changes.slice(0, 60).map((c) => (
          <li key={c.path}>
            <code>{c.path}</code>: <del>{short(c.before)}</del> → <ins>{short(c.after)}</ins>
          </li>
        ))}
      </ul>
      <ReplayTimeline index={index} step={step} setStep={setStep} total={total} />
    </>
  );
}
