import { configureStore, type UnknownAction } from '@reduxjs/toolkit';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Provider } from 'react-redux';
import { MemoryRouter } from 'react-router-dom';

import { RouteScreen } from '../RouteMeta';

import { useRouteDeeplink, useRouteMeta } from '@/routes';

function Show() {
  const meta = useRouteMeta();
  return <p>{`${meta.name}|${meta.title}|${meta.area}|${String(useRouteDeeplink())}`}</p>;
}

describe('route meta', () => {
  it('gives the screen its route name, title, area and deeplink', () => {
    render(
      <MemoryRouter initialEntries={['/oppDetail?deeplink=abc']}>
        <RouteScreen route={{ name: 'oppDetail', title: '商机详情', area: 'marketing', Screen: Show }} />
      </MemoryRouter>,
    );
    expect(screen.getByText('oppDetail|商机详情|marketing|abc')).toBeInTheDocument();
  });

  it('refuses to be used outside a routed screen', () => {
    jest.spyOn(console, 'error').mockImplementation(() => undefined);
    expect(() => render(<Show />)).toThrow('useRouteMeta must be used inside a routed screen');
    jest.restoreAllMocks();
  });

  describe('open-in-app bar (docs/rules/routes-and-screens.md#navigation-guard: guarded screens read deeplink for app wake-up)', () => {
    function renderWith(url: string, guarded: boolean) {
      const seen: UnknownAction[] = [];
      const store = configureStore({
        reducer: (state: null = null, action: UnknownAction) => (seen.push(action), state),
      });
      render(
        <Provider store={store}>
          <MemoryRouter initialEntries={[url]}>
            <RouteScreen route={{ name: 'oppDetail', title: '商机详情', area: 'marketing', guarded, Screen: Show }} />
          </MemoryRouter>
        </Provider>,
      );
      return seen;
    }

    it('offers to open the app and asks the saga to wake it with the deeplink key', async () => {
      const seen = renderWith('/oppDetail?deeplink=k-42', true);
      await userEvent.click(await screen.findByRole('button', { name: '打开APP' }));
      expect(seen).toContainEqual({
        type: 'tracking/deeplinkWakeRequested',
        payload: { key: 'k-42', downloadUrl: '/download' },
      });
    });

    it('stays out of the way without a deeplink or on an unguarded screen', async () => {
      renderWith('/oppDetail', true);
      renderWith('/about?deeplink=k', false);
      await screen.findAllByText(/oppDetail\|/);
      expect(screen.queryByRole('button', { name: '打开APP' })).toBeNull();
    });
  });
});
