import { configureStore, type UnknownAction } from '@reduxjs/toolkit';
import { act, render } from '@testing-library/react';
import { Provider } from 'react-redux';
import { MemoryRouter, type NavigateFunction, useNavigate } from 'react-router-dom';

import { PageViewTracker } from '../components/PageViewTracker';
import { pageViewed } from '../store/tracking-slice';

/** The tracker in a router at `url`; the page views it dispatches, as paths with their query. */
function mount(url: string) {
  const seen: UnknownAction[] = [];
  const store = configureStore({ reducer: (state: null = null, action: UnknownAction) => (seen.push(action), state) });
  let navigate: NavigateFunction = () => undefined;
  function Navigator() {
    navigate = useNavigate();
    return null;
  }
  render(
    <Provider store={store}>
      <MemoryRouter initialEntries={[url]}>
        <PageViewTracker />
        <Navigator />
      </MemoryRouter>
    </Provider>,
  );
  const views = () =>
    seen
      .filter(pageViewed.match)
      .map((a) => ({ url: a.payload.url.replace(/^[a-z]+:\/\/[^/]+/, ''), ref: a.payload.referrer }));
  const frame = () => act(() => new Promise<void>((r) => requestAnimationFrame(() => r())));
  const go = (to: string, replace = false) => act(() => void navigate(to, { replace }));
  return { views, frame, go };
}

describe('page views', () => {
  it('counts a page once when the app rewrites its query in place after the view was sent', async () => {
    const t = mount('/?uuid=u1');
    await t.frame();
    await t.go('/?uuid=u1&from=weapp', true);
    await t.frame();
    expect(t.views().map((v) => v.url)).toEqual(['/?uuid=u1']);
    // The next page's referrer is the address as rewritten.
    await t.go('/rules');
    await t.frame();
    expect(t.views()[1]).toEqual({ url: '/rules', ref: expect.stringMatching(/\/\?uuid=u1&from=weapp$/) });
  });

  it('sends the rewritten address when the rewrite comes before the first view went out', async () => {
    const t = mount('/');
    await t.go('/?from=weapp', true);
    await t.frame();
    expect(t.views().map((v) => v.url)).toEqual(['/?from=weapp']);
  });

  it('counts every page a person goes to: a new path, a query they chose, a replace onto another path', async () => {
    const t = mount('/');
    await t.frame();
    await t.go('/?uuid=u2');
    await t.frame();
    await t.go('/login', true);
    await t.frame();
    await t.go('/login?redirect=%2F', true);
    await t.frame();
    expect(t.views().map((v) => v.url)).toEqual(['/', '/?uuid=u2', '/login']);
  });
});
