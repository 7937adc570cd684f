import type { ComponentType, ReactNode } from 'react';
import { Provider } from 'react-redux';
import { BrowserRouter } from 'react-router-dom';

import { NavigationBridge } from './NavigationBridge';
import { AppRoutesContext } from './replay/app-routes-context';
import type { Navigator } from './services';
import type { AppStore } from './store/configure-app-store';

import { AppRoutes } from '@/app/router';
import { ActionLogPanelHost } from '@/features/action-log';
import { PageViewTracker } from '@/features/tracking';

interface AppProps {
  store: AppStore;
  navigator: Navigator;
  /** The server renders the same tree at one address (StaticRouter); the browser follows history. */
  Router?: ComponentType<{ children: ReactNode }>;
  /** Hydrating a server-rendered page: the state the server rendered from, read until hydration ends. */
  serverState?: ReturnType<AppStore['getState']>;
}

/** The composition root's React half: store, router, and the saga navigation bridge. */
export function App({ store, navigator, Router = BrowserRouter, serverState }: AppProps) {
  return (
    <Provider store={store} serverState={serverState}>
      {/* The /__replay viewer renders the same screens on a replayed state (src/app/replay). */}
      <AppRoutesContext.Provider value={AppRoutes}>
        <Router>
          <NavigationBridge navigator={navigator} />
          <PageViewTracker />
          <AppRoutes />
          <ActionLogPanelHost />
        </Router>
      </AppRoutesContext.Provider>
    </Provider>
  );
}
