import type { Middleware } from '@reduxjs/toolkit';
import { useContext, useEffect, useMemo, useRef } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { Provider } from 'react-redux';
import { MemoryRouter } from 'react-router-dom';

import { createAppStore, type RootState } from '../store/configure-app-store';
import { AppRoutesContext } from './app-routes-context';

import type { SagaServices } from '@/store';

// Screens dispatch on mount (e.g. the home list's "opened"): swallowed, so step N stays step N.
const swallow: Middleware = () => () => (action) => action;
const offline = () => {
  throw new Error('回放中没有网络');
};
const inert = {
  api: new Proxy({}, { get: offline }),
  navigate: () => undefined,
  currentPath: () => '/',
  now: () => 0,
} as unknown as SagaServices;

/**
 * The app's real screens on a replayed state, at the recorded route, sagas off. A separate
 * React root: a router cannot sit inside the viewer's own router.
 */
export function ReplayFrame({ state, route }: { state: Record<string, unknown>; route: string }) {
  // The router's screens arrive through context, so this file does not import the router that loads it.
  const AppRoutes = useContext(AppRoutesContext);
  const host = useRef<HTMLDivElement>(null);
  const root = useRef<Root | null>(null);
  const store = useMemo(
    () =>
      createAppStore({
        services: inert,
        runSagas: false,
        recorder: swallow,
        preloadedState: state as Partial<RootState>,
      }),
    [state],
  );

  useEffect(() => {
    if (!host.current) return;
    const r = createRoot(host.current);
    root.current = r;
    // Unmount after the current render finishes: React refuses a synchronous unmount mid-render.
    return () => void queueMicrotask(() => r.unmount());
  }, []);

  useEffect(() => {
    root.current?.render(
      <Provider store={store}>
        <MemoryRouter key={route} initialEntries={[route]}>
          {AppRoutes && <AppRoutes />}
        </MemoryRouter>
      </Provider>,
    );
  }, [store, route, AppRoutes]);

  return <div className="replay__frame" ref={host} data-testid="replay-frame" />;
}
