import { useEffect, useState } from 'react';

/** The clock for "3小时前": read when the data changes, not on a timer. */
export function useNow(dep: unknown): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => setNow(Date.now()), [dep]);
  return now;
}
