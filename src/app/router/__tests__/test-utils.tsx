import { act, render } from '@testing-library/react';
import { StrictMode } from 'react';
import { Provider } from 'react-redux';
import { MemoryRouter, type NavigateFunction, useLocation, useNavigate } from 'react-router-dom';

import { createAppStore } from '../../store/configure-app-store';
import { AppRoutes } from '../AppRoutes';

import type { GuardEnvironment } from '@/routes';
import type { SagaServices } from '@/store';

export const PHONE_UA =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 wxwork/4.1.26 MicroMessenger/7.0.1';
export const DESKTOP_UA =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Safari/537.36';

export const phoneEnv: GuardEnvironment = {
  userAgent: PHONE_UA,
  maxTouchPoints: 5,
  isTopWindow: true,
  origin: 'http://localhost',
};

let navigateFn: NavigateFunction | null = null;
let currentHref = '';

function Probe() {
  navigateFn = useNavigate();
  const { pathname, search, hash } = useLocation();
  currentHref = pathname + search + hash;
  return null;
}

/** Renders the app's routes in a MemoryRouter; returns helpers to navigate and read the address. */
export function renderApp(initial: string, { strict = false } = {}) {
  // Feature screens read the store; with sagas off they stay in their first state, which is all routing needs.
  const store = createAppStore({ services: {} as SagaServices, runSagas: false });
  const tree = (
    <Provider store={store}>
      <MemoryRouter initialEntries={[initial]}>
        <Probe />
        <AppRoutes />
      </MemoryRouter>
    </Provider>
  );
  const result = render(strict ? <StrictMode>{tree}</StrictMode> : tree);
  return {
    ...result,
    go: async (to: string | number) => {
      await act(async () => {
        if (typeof to === 'number') await navigateFn?.(to);
        else await navigateFn?.(to);
      });
    },
    href: () => currentHref,
  };
}
