import { configureStore, Tuple } from '@reduxjs/toolkit';
import { type ReactNode, StrictMode } from 'react';
import { renderToString } from 'react-dom/server';
import { StaticRouter } from 'react-router-dom';

import { App } from '../../src/app/App';
import { preloadBars, screenRouteOf } from '../../src/app/router';
import type { AppStore } from '../../src/app/store/configure-app-store';
import type { RouteName } from '../../src/routes';
import { rootReducer, type SsrData, ssrDataHydrated } from '../../src/store';

import '../../src/app/store/eager-slices';

/**
 * The app's own tree at one address, on a store holding only what the page's data action put there:
 * the same components and reducers the browser runs, no sagas (nothing is fetched while rendering).
 * The screen and the bars are loaded first, as the browser does before it hydrates, so nothing suspends.
 */
export async function renderAppHtml(data: SsrData): Promise<string> {
  await Promise.all([screenRouteOf(data.route as RouteName).preload(), preloadBars()]);
  // The app's reducer, without sagas or development checks: one action, one render.
  const store = configureStore({ reducer: rootReducer, middleware: () => new Tuple(), devTools: false });
  store.dispatch(ssrDataHydrated(data));
  const At = ({ children }: { children: ReactNode }) => <StaticRouter location={data.url}>{children}</StaticRouter>;
  const html = renderToString(
    <StrictMode>
      <App store={store as unknown as AppStore} navigator={{ current: null }} Router={At} />
    </StrictMode>,
  );
  // A part still loading, or one that threw, would leave a fallback: the browser's own render does better.
  if (/<!--\$[?!]-->/.test(html)) throw new Error(`server render of ${data.route} left a Suspense fallback`);
  return html;
}
