import { useCallback, useEffect, useRef } from 'react';

/** Resolves the promise pull-to-refresh waits on once the store leaves a busy status. */
export function useSettleWhen(busy: boolean) {
  const waiters = useRef<Array<() => void>>([]);
  useEffect(() => {
    if (!busy) waiters.current.splice(0).forEach((resolve) => resolve());
  }, [busy]);
  return useCallback(() => new Promise<void>((resolve) => waiters.current.push(resolve)), []);
}
