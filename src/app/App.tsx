import { Provider } from 'react-redux';
import { BrowserRouter } from 'react-router-dom';
import { AppRoutes } from '@/app/router';
import { NavigationBridge } from './NavigationBridge';
import { ActionLogPanelHost } from '../features/action-log/components/ActionLogPanelHost';
import { PageViewTracker } from '../features/tracking/components/PageViewTracker';
import type { AppStore } from './store/configureAppStore';
import type { Navigator } from './services';

/** The composition root's React half: store, router, and the saga navigation bridge. */
export function App({ store, navigator }: { store: AppStore; navigator: Navigator }) {
  return (
    <Provider store={store}>
      <BrowserRouter>
        <NavigationBridge navigator={navigator} />
        <PageViewTracker />
        <AppRoutes />
        <ActionLogPanelHost />
      </BrowserRouter>
    </Provider>
  );
}
