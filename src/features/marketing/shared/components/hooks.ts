import { useCallback, useEffect, useRef, useState } from 'react';

/** Resolves the promise pull-to-refresh waits on once the store leaves a busy status. */
export function useSettleWhen(busy: boolean) {
  const waiters = useRef<Array<() => void>>([]);
  useEffect(() => {
    if (!busy) waiters.current.splice(0).forEach((resolve) => resolve());
  }, [busy]);
  return useCallback(() => new Promise<void>((resolve) => waiters.current.push(resolve)), []);
}

/** The clock for "3小时前": read when the data changes, not on a timer. */
export function useNow(dep: unknown): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => setNow(Date.now()), [dep]);
  return now;
}
