import { clickThenNavigate, createScrollSampler } from './context';
import type { AnalyticsCall } from './types';

export interface AutoTrackHost {
  target: Pick<Document, 'addEventListener' | 'removeEventListener'>;
  now(): number;
  scrollTop(): number;
  /** Same-page URL check: links the router handles never unload the page. */
  origin: string;
  navigate(href: string): void;
  timers: { set: (fn: () => void, ms: number) => unknown; clear: (id: unknown) => void };
}

/**
 * The SDK's auto-tracking: scroll positions sampled every 1000 ms, and clicks on links that
 * leave the page held until the event is stored or 1000 ms passed (spec §9). Returns a stop.
 */
export function installAutoTrack(apply: (call: AnalyticsCall) => Promise<unknown>, host: AutoTrackHost): () => void {
  const sample = createScrollSampler();
  const onScroll = () => {
    if (sample(host.now()))
      void apply({
        kind: 'track',
        event: '$WebStay',
        properties: { $viewport_position: Math.round(host.scrollTop()) },
      });
  };
  const onClick = (e: Event) => {
    const link = (e.target as Element | null)?.closest?.('a[href]') as HTMLAnchorElement | null;
    if (!link) return;
    const properties = {
      $element_type: 'a',
      $element_content: (link.textContent ?? '').trim().slice(0, 255),
      $element_target_url: link.href,
    };
    // The router already took in-app links (default prevented); new tabs and downloads do not unload this page.
    const leaves =
      !e.defaultPrevented &&
      !link.target &&
      !link.hasAttribute('download') &&
      /^https?:/.test(link.href) &&
      !link.href.startsWith(`${host.origin}/`);
    if (!leaves) {
      void apply({ kind: 'track', event: '$WebClick', properties });
      return;
    }
    e.preventDefault();
    clickThenNavigate(
      () => apply({ kind: 'track', event: '$WebClick', properties }),
      () => host.navigate(link.href),
      host.timers,
    );
  };
  host.target.addEventListener('scroll', onScroll, { passive: true, capture: true });
  host.target.addEventListener('click', onClick);
  return () => {
    host.target.removeEventListener('scroll', onScroll, { capture: true });
    host.target.removeEventListener('click', onClick);
  };
}
