import { createScrollSampler } from './context';
import type { AnalyticsCall } from './types';

export interface ScrollHost {
  target: Pick<Document, 'addEventListener' | 'removeEventListener'>;
  now(): number;
  scrollTop(): number;
}

/**
 * Where the page was scrolled to, sampled every 1000 ms (spec'd scroll sampling), as $WebStay with
 * its preset $viewport_position. The SDK's own scroll map sends a stay only once the reader moves
 * on after four seconds in one place; the analysts' scroll depth wants each sampled position.
 * Returns a stop.
 */
export function installScrollSampling(record: (call: AnalyticsCall) => unknown, host: ScrollHost): () => void {
  const sample = createScrollSampler();
  const onScroll = () => {
    if (sample(host.now()))
      record({
        kind: 'track',
        event: '$WebStay',
        properties: { $viewport_position: Math.round(host.scrollTop()) },
      });
  };
  host.target.addEventListener('scroll', onScroll, { passive: true, capture: true });
  return () => host.target.removeEventListener('scroll', onScroll, { capture: true });
}
