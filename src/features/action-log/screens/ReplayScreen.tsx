import type { Reducer } from '@reduxjs/toolkit';
import { type ChangeEvent, type ComponentType, useMemo } from 'react';
import { useSearchParams } from 'react-router-dom';

import { currentEnvironment } from '../../../api/environment';
import { ReplayLogView } from '../components/ReplayLogView';
import { SaveAsTest } from '../components/SaveAsTest';
import { indexTimeline, stepFromParam } from '../components/timeline-index';
import { useReplayLog } from '../components/use-replay-log';
import { useReplayedStep } from '../components/use-replayed-step';

import './ReplayScreen.css';

/** Development and local builds; production only when the build enabled it. */
export function replayViewerEnabled(): boolean {
  return (
    (typeof __REPLAY_VIEWER_ENABLED__ === 'boolean' && __REPLAY_VIEWER_ENABLED__) ||
    currentEnvironment().name === 'local'
  );
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
  const { log, error, open, loading, retry } = useReplayLog(params);
  const total = log?.entries.length ?? 0;
  const index = useMemo(() => (log ? indexTimeline(log) : null), [log]);
  // `step=firstError` is what the list links to: one click from a log to its first fault.
  const step = stepFromParam(params.get('step'), total, index);
  const setStep = (n: number) =>
    setParams((p) => new URLSearchParams({ ...Object.fromEntries(p), step: String(n) }), { replace: true });
  const replayed = useReplayedStep(log, step, fullReducer);

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
        {log && <SaveAsTest log={log} reducer={fullReducer} source={params.get('id') ?? '本地文件'} />}
        {log && index && <ReplayLogView log={log} index={index} step={step} setStep={setStep} replayed={replayed} />}
      </section>
      {replayed?.state && <ReplayFrame state={replayed.state} route={replayed.route} />}
    </main>
  );
}
