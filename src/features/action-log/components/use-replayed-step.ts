import type { Reducer } from '@reduxjs/toolkit';
import { useMemo } from 'react';

import type { ActionLog } from '../log-format';
import { createSeeker, diffStates, ReplayError } from '../replay';

/** The state after step N of the log, the entry that made it and what it changed. */
export function useReplayedStep(log: ActionLog | null, step: number, fullReducer: Reducer) {
  // One seeker per log: its kept states make a jump to any step replay at most a few hundred entries.
  const seek = useMemo(() => (log ? createSeeker(log, fullReducer) : null), [log, fullReducer]);
  return useMemo(() => {
    if (!log || !seek) return null;
    try {
      const before = seek(Math.max(0, step - 1));
      const after = step === 0 ? before : seek(step);
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
  }, [log, seek, step]);
}

/** What the screen shows for the current step (null while no log is open). */
export type ReplayedStep = ReturnType<typeof useReplayedStep>;
