import { Suspense } from 'react';

import { adviserBarRoutes, customerBarRoutes, doorRoutes } from './bar-tabs';

import type { RouteName } from '@/routes';
import { preloadableLazy } from '@/ui/preloadable-lazy';

const adviserBar = preloadableLazy(() => import(/* webpackChunkName: "adviser-bar" */ './AdviserBar'));
const customerBar = preloadableLazy(() => import(/* webpackChunkName: "customer-bar" */ './CustomerBar'));
const doorBar = preloadableLazy(() => import(/* webpackChunkName: "customer-bar" */ './DoorBar'));
const AdviserBar = adviserBar.Component;
const CustomerBar = customerBar.Component;
const DoorBar = doorBar.Component;

/** Loads the bars before a server render, which must not leave a Suspense fallback behind. */
export function preloadBars(): Promise<unknown> {
  return Promise.all([adviserBar.preload(), customerBar.preload(), doorBar.preload()]);
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

/** Holds the strip's place while it loads (its height is fixed in global.css), so the page does not move. */
const doorPlaceholder = <div className="door-bar" aria-hidden="true" />;

/**
 * The door strip at the top of a customer page a shared link opens (bar-tabs' DOOR_BACK_TO): the way back and
 * the way to the lists, on pages whose foot is taken by their own actions.
 */
export function DoorStrip({ routeName }: { routeName: RouteName | null }) {
  if (routeName === null || !doorRoutes.has(routeName)) return null;
  return (
    <Suspense fallback={doorPlaceholder}>
      <DoorBar routeName={routeName} />
    </Suspense>
  );
}
