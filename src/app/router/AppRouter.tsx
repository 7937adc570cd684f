import { BrowserRouter } from 'react-router-dom';
import { AppRoutes } from './AppRoutes';
import { AppRoutesContext } from '../replay/AppRoutesContext';

/**
 * The app's router: browser history at the root base path (spec §2) and every screen.
 * App.tsx renders it inside the redux Provider:  <Provider store={store}><AppRouter /></Provider>
 */
export function AppRouter() {
  return (
    <AppRoutesContext.Provider value={AppRoutes}>
      <BrowserRouter>
        <AppRoutes />
      </BrowserRouter>
    </AppRoutesContext.Provider>
  );
}
