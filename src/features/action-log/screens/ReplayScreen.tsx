import type { Reducer } from '@reduxjs/toolkit';
import { type ChangeEvent, type ComponentType, useEffect, useMemo, useState } from 'react';
import { useSearchParams } from 'react-router-dom';

import { currentEnvironment } from '../../../api/environment';
import { type ActionLog, ActionLogFormatError, parseActionLog } from '../log-format';
import { diffStates, ReplayError, replayLog } from '../replay';
import { actionLogViewerRequested } from '../store/action-log-slice';
import { selectActionLogViewer } from '../store/selectors';

import './ReplayScreen.css';

import { useAppDispatch, useAppSelector } from '@/store';

/** Development and local builds; production only when the build enabled it. */
export function replayViewerEnabled(): boolean {
  return (
    (typeof __REPLAY_VIEWER_ENABLED__ === 'boolean' && __REPLAY_VIEWER_ENABLED__) ||
    currentEnvironment().name === 'local'
  );
}

const short = (v: unknown) => {
  const s = JSON.stringify(v);
  return s === undefined ? 'undefined' : s.length > 160 ? `${s.slice(0, 160)}…` : s;
};

function useLog(params: URLSearchParams) {
  const dispatch = useAppDispatch();
  const viewer = useAppSelector(selectActionLogViewer);
  const id = params.get('id');
  const [local, setLocal] = useState<{ log: ActionLog | null; error: string | null }>({ log: null, error: null });
  useEffect(() => {
    if (id) dispatch(actionLogViewerRequested({ id }));
  }, [dispatch, id]);
  const fromServer = useMemo(() => {
    if (viewer.status !== 'loaded') return { log: null, error: null };
    try {
      return { log: parseActionLog(viewer.log), error: null };
    } catch (error) {
      return { log: null, error: error instanceof Error ? error.message : String(error) };
    }
  }, [viewer]);
  const open = (text: string) => {
    try {
      setLocal({ log: parseActionLog(text), error: null });
    } catch (error) {
      setLocal({ log: null, error: error instanceof ActionLogFormatError ? error.message : String(error) });
    }
  };
  const log = local.log ?? fromServer.log;
  const error =
    local.error ??
    fromServer.error ??
    (viewer.status === 'failed' ? `读取日志 ${viewer.id} 失败：${viewer.error}` : null);
  return {
    log,
    error,
    open,
    loading: viewer.status === 'loading' && !local.log,
    retry: () => id && dispatch(actionLogViewerRequested({ id })),
  };
}

export interface ReplayViewerProps {
  /** The reducer with every slice injected (the app's fullReducer). */
  reducer: Reducer;
  /** Renders the app's real screens on a replayed state at a route (the app provides it). */
  Frame: ComponentType<{ state: Record<string, unknown>; route: string }>;
}

/**
 * /__replay: open a log, scrub its timeline, see the real screen at step N and what changed.
 * The app composes it (src/app/replay/ReplayScreen.tsx) with its reducer and screens.
 */
export default function ReplayScreen({ reducer: fullReducer, Frame: ReplayFrame }: ReplayViewerProps) {
  const [params, setParams] = useSearchParams();
  const { log, error, open, loading, retry } = useLog(params);
  const total = log?.entries.length ?? 0;
  const step = Math.min(Math.max(0, Number(params.get('step') ?? total) || 0), total);
  const setStep = (n: number) =>
    setParams((p) => new URLSearchParams({ ...Object.fromEntries(p), step: String(n) }), { replace: true });

  const replayed = useMemo(() => {
    if (!log) return null;
    try {
      const before = replayLog(log, fullReducer, { to: Math.max(0, step - 1) }).state;
      const after = step === 0 ? before : replayLog(log, fullReducer, { to: step }).state;
      const entry = log.entries[Math.max(0, step - 1)];
      return {
        state: after,
        route: entry?.route ?? '/',
        entry: step > 0 ? entry : undefined,
        changes: step > 0 ? diffStates(before, after) : [],
        error: null,
      };
    } catch (e) {
      return {
        state: null,
        route: '/',
        entry: e instanceof ReplayError ? e.entry : undefined,
        changes: [],
        error: e instanceof Error ? e.message : String(e),
      };
    }
  }, [log, step, fullReducer]);

  if (!replayViewerEnabled()) {
    return <main className="replay replay--off">回放查看器未在此环境开启（构建时设置 REPLAY_VIEWER=1 可开启）。</main>;
  }

  const onFile = (e: ChangeEvent<HTMLInputElement>) => void e.target.files?.[0]?.text().then(open);
  return (
    <main className="replay">
      <section className="replay__side">
        <h1>操作回放</h1>
        <label className="replay__open">
          打开日志文件 <input type="file" accept="application/json,.json" onChange={onFile} aria-label="打开日志文件" />
        </label>
        {loading && <p role="status">正在读取日志…</p>}
        {error && (
          <p className="replay__error" role="alert">
            {error} {params.get('id') && <button onClick={() => void retry()}>重试</button>}
          </p>
        )}
        {!log && !loading && !error && (
          <p className="replay__hint">选择用户发来的日志文件，或用 /__replay?id=日志编号 打开已上传的日志。</p>
        )}
        {log && (
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
        )}
      </section>
      {replayed?.state && <ReplayFrame state={replayed.state} route={replayed.route} />}
    </main>
  );
}
