import type { Reducer } from '@reduxjs/toolkit';
import { useMemo } from 'react';

import type { ActionLog } from '../log-format';
import { diffStates, ReplayError, replayLog } from '../replay';

/** The state after step N of the log, the entry that made it and what it changed. */
export function useReplayedStep(log: ActionLog | null, step: number, fullReducer: Reducer) {
  return useMemo(() => {
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
}

/** What the screen shows for the current step (null while no log is open). */
export type ReplayedStep = ReturnType<typeof useReplayedStep>;
