import { Suspense } from 'react';

import { adviserBarRoutes, customerBarRoutes } from './bar-tabs';

import type { RouteName } from '@/routes';
import { preloadableLazy } from '@/ui/preloadable-lazy';

const adviserBar = preloadableLazy(() => import(/* webpackChunkName: "adviser-bar" */ './AdviserBar'));
const customerBar = preloadableLazy(() => import(/* webpackChunkName: "customer-bar" */ './CustomerBar'));
const AdviserBar = adviserBar.Component;
const CustomerBar = customerBar.Component;

/** Loads the bars before a server render, which must not leave a Suspense fallback behind. */
export function preloadBars(): Promise<unknown> {
  return Promise.all([adviserBar.preload(), customerBar.preload()]);
}

/** Holds the bar's place while it loads, so the page does not move when it arrives. */
const placeholder = <div style={{ height: 'calc(56px + env(safe-area-inset-bottom, 0px))' }} aria-hidden="true" />;

/**
 * The bottom tabs of the area the current route belongs to, rendered once outside the screens so a
 * tab switch (and keep-alive's hidden screens) never remounts or moves the bar. The bars load after
 * the first screen's code: they are not needed to paint it, and the first load has a size budget.
 */
export function AreaBar({ routeName }: { routeName: RouteName | null }) {
  if (routeName === null) return null;
  const Bar = adviserBarRoutes.has(routeName) ? AdviserBar : customerBarRoutes.has(routeName) ? CustomerBar : null;
  if (Bar === null) return null;
  return (
    <Suspense fallback={placeholder}>
      <Bar routeName={routeName} />
    </Suspense>
  );
}
