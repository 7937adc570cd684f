import { Activity, Suspense, useLayoutEffect } from 'react';
import { type Location, Navigate, type RouteObject, useLocation, useRoutes } from 'react-router-dom';

import { AreaBar, DoorStrip } from './bars/AreaBar';
import { ChunkErrorBoundary } from './ChunkErrorBoundary';
import { useKeepAliveCache } from './keep-alive';
import { lazyScreen } from './lazy-screen';
import { PageFallback } from './PageFallback';
import { RouteScreen } from './RouteMeta';
import { screenRoutes } from './screen-routes';
import { useScrollOnNavigate } from './scroll';

import { cacheKeyFor, findRoute, guardDecision, readGuardEnvironment, routes } from '@/routes';

export const NOT_FOUND_TITLE = '页面不存在';
const homeHref = routes.home.getHref();

// NotFound uses the UI kit, so it is a lazy chunk like every screen.
const notFound = lazyScreen(
  () =>
    import(/* webpackChunkName: "not-found" */ '@/ui/NotFound').then(({ default: NotFound }) => ({
      default: function NotFoundRoute() {
        return <NotFound homeHref={homeHref} />;
      },
    })),
  'NotFound',
);

// Built once: route elements are plain descriptions and can be shared by every slot.
const routeObjects: RouteObject[] = [
  ...screenRoutes.map((route) => ({ path: route.path, caseSensitive: false, element: <RouteScreen route={route} /> })),
  { path: '*', element: <notFound.Screen /> },
];

/** One screen with its own error and loading boundaries, rendered for a fixed address. */
function Slot({ location }: { location: Location }) {
  const element = useRoutes(routeObjects, location);
  return (
    <ChunkErrorBoundary resetKey={location.pathname} homeHref={homeHref}>
      <Suspense fallback={<PageFallback />}>{element}</Suspense>
    </ChunkErrorBoundary>
  );
}

/**
 * All screens of the app. Render inside a router (App does, tests use MemoryRouter).
 *
 * - guard: a guarded screen on a desktop browser is redirected before it renders (guard.ts);
 * - keep-alive: screens flagged keepAlive stay mounted inside <Activity mode="hidden"> after
 *   the user leaves (state kept, effects paused), bounded to the last KEEP_ALIVE_LIMIT entries;
 *   every other screen mounts fresh on each visit, like plain <Routes>;
 * - document.title follows the route; scroll goes to top except on return to a kept screen.
 */
export function AppRoutes() {
  const location = useLocation();
  const route = findRoute(location.pathname);
  const decision = guardDecision({
    pathname: location.pathname,
    search: location.search,
    hash: location.hash,
    ...readGuardEnvironment(),
  });
  const activeKey = decision.kind === 'allow' && route?.keepAlive ? cacheKeyFor(route.name, location.pathname) : null;
  const cached = useKeepAliveCache(activeKey ? { key: activeKey, location } : null);
  const title = route?.title ?? NOT_FOUND_TITLE;

  // A layout effect, so a screen's own passive effect (a title known only from its data) comes after it.
  useLayoutEffect(() => {
    document.title = title;
  }, [title, location.pathname]);
  useScrollOnNavigate(activeKey, location.pathname + location.search);

  return (
    <>
      {decision.kind === 'allow' && <DoorStrip routeName={route?.name ?? null} />}
      {/* Kept screens stay in the tree even during a redirect, or their state would be lost. */}
      {cached.map((entry) => (
        <Activity key={entry.key} mode={entry.key === activeKey ? 'visible' : 'hidden'}>
          <Slot location={entry.location} />
        </Activity>
      ))}
      {decision.kind === 'redirect' ? (
        <Navigate to={decision.to} replace />
      ) : (
        activeKey === null && <Slot key="current" location={location} />
      )}
      {decision.kind === 'allow' && <AreaBar routeName={route?.name ?? null} />}
    </>
  );
}
