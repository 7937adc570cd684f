import { useEffect, useState } from 'react';

import { faultOf, requestFailed } from '../../../api/contract/action-log-entries';
import type { ActionLogEntry } from '../log-format';
import { requestsAt, type TimelineIndex } from './timeline-index';

/** What a step holds beside its action: the error with its stack, and the requests it made (method, path, status, time). */
export function StepEvidence({ index, entry }: { index: TimelineIndex; entry: ActionLogEntry | undefined }) {
  const requests = requestsAt(index, entry);
  const fault = entry ? faultOf(entry) : null;
  const stack = fault?.stack ?? null;
  const [mapped, setMapped] = useState<{ stack: string; text: string } | null>(null);
  // The original files of a built stack, from the build's source maps: the mapping code and the maps load only when
  // a step with a stack is shown; until then (or without maps) the stack reads as recorded.
  useEffect(() => {
    if (!stack) return;
    let live = true;
    import(/* webpackChunkName: "source-mapped-stack" */ './source-mapped-stack')
      .then(({ mapStack }) => mapStack(stack))
      .then((text) => live && text && setMapped({ stack, text }))
      .catch(() => undefined);
    return () => {
      live = false;
    };
  }, [stack]);
  const shownStack = mapped && mapped.stack === stack ? mapped.text : stack;
  return (
    <>
      {fault && (
        <section className="replay__fault" data-testid="replay-fault">
          <h2>错误（{fault.source}）</h2>
          <p className="replay__error">{fault.message}</p>
          {fault.eventId && <p className="replay__route">错误上报编号：{fault.eventId}</p>}
          {fault.trigger && (
            <p className="replay__route">
              {fault.trigger.after
                ? `发生在 ${fault.trigger.type} 之后（当时没有已知在运行的处理）`
                : `发生在处理 ${fault.trigger.type} 时`}
            </p>
          )}
          <pre className="replay__stack" data-mapped={shownStack !== stack || undefined}>
            {shownStack ?? '（没有堆栈）'}
          </pre>
        </section>
      )}
      <h2>网络（{requests.length}）</h2>
      {requests.length === 0 ? (
        <p className="replay__hint">这一步没有请求。</p>
      ) : (
        <table className="replay__net" data-testid="replay-network">
          <thead>
            <tr>
              <th>方法</th>
              <th>路径</th>
              <th>状态</th>
              <th>耗时</th>
            </tr>
          </thead>
          <tbody>
            {requests.map((r, i) => (
              <tr key={i} className={requestFailed(r) ? 'is-error' : undefined}>
                <td>{r.method}</td>
                <td className="replay__path">
                  {r.path}
                  {r.trigger && <small>{r.trigger.after ? `在 ${r.trigger.type} 之后` : `由 ${r.trigger.type}`}</small>}
                </td>
                <td>
                  {r.status ?? '无响应'}
                  {r.outcome !== 'ok' && ` ${r.outcome}`}
                  {r.code !== null && ` (${r.code})`}
                </td>
                <td>{r.durationMs} ms</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </>
  );
}
