import { Provider } from 'react-redux';
import { BrowserRouter } from 'react-router-dom';
import { AppRoutes } from './router';
import { NavigationBridge } from './NavigationBridge';
import type { AppStore } from './store/configureAppStore';
import type { Navigator } from './services';

/** The composition root's React half: store, router, and the saga navigation bridge. */
export function App({ store, navigator }: { store: AppStore; navigator: Navigator }) {
  return (
    <Provider store={store}>
      <BrowserRouter>
        <NavigationBridge navigator={navigator} />
        <AppRoutes />
      </BrowserRouter>
    </Provider>
  );
}
