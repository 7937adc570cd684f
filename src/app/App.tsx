import { Provider } from 'react-redux';
import { BrowserRouter } from 'react-router-dom';
import { AppRoutes } from '@/app/router';
import { NavigationBridge } from './NavigationBridge';
import { AppRoutesContext } from './replay/AppRoutesContext';
import { ActionLogPanelHost } from '@/features/action-log';
import { PageViewTracker } from '@/features/tracking';
import type { AppStore } from './store/configureAppStore';
import type { Navigator } from './services';

/** The composition root's React half: store, router, and the saga navigation bridge. */
export function App({ store, navigator }: { store: AppStore; navigator: Navigator }) {
  return (
    <Provider store={store}>
      {/* The /__replay viewer renders the same screens on a replayed state (src/app/replay). */}
      <AppRoutesContext.Provider value={AppRoutes}>
        <BrowserRouter>
          <NavigationBridge navigator={navigator} />
          <PageViewTracker />
          <AppRoutes />
          <ActionLogPanelHost />
        </BrowserRouter>
      </AppRoutesContext.Provider>
    </Provider>
  );
}
