import { fireEvent, screen, within } from '@testing-library/react';
import type { Location } from 'react-router-dom';

import { type CacheState, emptyCache, touchCache } from '../keep-alive';
import { phoneEnv, renderApp } from './test-utils';

import type { GuardEnvironment } from '@/routes';
import { routes } from '@/routes';

const mockEnv: GuardEnvironment = phoneEnv;
// Routing tests read a heading per screen: the built invitation screens stand in as headings of their titles.
jest.mock('../../../features/invitation/screens/RulesScreen', () =>
  jest.requireActual('./stub-screens').headingScreenModule('活动规则'),
);
jest.mock('../../../features/invitation/screens/RecordScreen', () =>
  jest.requireActual('./stub-screens').headingScreenModule('邀请记录'),
);
jest.mock('@/routes/environment', () => ({ readGuardEnvironment: () => mockEnv }));
jest.mock('../../../features/lives/screens/HomeScreen', () =>
  jest.requireActual('./stub-screens').textScreenModule('home screen'),
);

// Screens with local state: a counter, plus the query the screen itself sees.
jest.mock('../../../features/knowledge/screens/ShopListScreen', () => ({
  __esModule: true,
  default: jest.requireActual('./counter-screen').counterScreen('shopList'),
}));
jest.mock('../../../features/marketing/workbench/screens/MarketMapIndexScreen', () => ({
  __esModule: true,
  default: jest.requireActual('./counter-screen').counterScreen('marketMapIndex'),
}));
jest.mock('../../../features/knowledge/screens/QuestionListScreen', () => ({
  __esModule: true,
  default: jest.requireActual('./counter-screen').counterScreen('questionList'),
}));

let scrollTo: jest.SpyInstance;
beforeEach(() => {
  scrollTo = jest.spyOn(window, 'scrollTo').mockImplementation(() => undefined);
  window.scrollY = 0;
});
afterEach(() => jest.restoreAllMocks());

const panel = (name: string) => screen.getByTestId(`screen-${name}`);
const count = (name: string) => within(panel(name)).getByTestId('count').textContent;
const click = (name: string, times = 1) => {
  for (let i = 0; i < times; i += 1) fireEvent.click(within(panel(name)).getByRole('button', { name: '+1' }));
};
function scrollWindowTo(y: number) {
  window.scrollY = y;
  fireEvent.scroll(window);
}

describe('keep-alive screens', () => {
  it.each([false, true])('keep their state across leave and return (StrictMode: %s)', async (strict) => {
    const app = renderApp(routes.shopList.getHref(), { strict });
    await screen.findByTestId('screen-shopList');
    click('shopList', 2);
    expect(count('shopList')).toBe('2');

    await app.go(routes.questionList.getHref());
    await screen.findByTestId('screen-questionList');
    expect(panel('shopList')).not.toBeVisible(); // still mounted, hidden by <Activity>
    expect(count('shopList')).toBe('2');

    await app.go(-1);
    expect(panel('shopList')).toBeVisible();
    expect(count('shopList')).toBe('2');
    expect(screen.queryByTestId('screen-questionList')).toBeNull();
  });

  it('restore the window scroll position on return', async () => {
    const app = renderApp('/shopList?tab=hot');
    await screen.findByTestId('screen-shopList');
    scrollWindowTo(480);

    await app.go(routes.questionList.getHref());
    expect(scrollTo).toHaveBeenLastCalledWith(0, 0);

    await app.go(-1);
    expect(scrollTo).toHaveBeenLastCalledWith(0, 480);
  });

  it('start at the top when reopened with a different query, on the same kept instance', async () => {
    const app = renderApp('/shopList?tab=hot');
    await screen.findByTestId('screen-shopList');
    click('shopList');
    scrollWindowTo(300);
    await app.go(routes.questionList.getHref());
    await app.go('/shopList?tab=new');
    expect(scrollTo).toHaveBeenLastCalledWith(0, 0);
    expect(count('shopList')).toBe('1');
    expect(within(panel('shopList')).getByTestId('search').textContent).toBe('?tab=new');
  });

  it('are one entry per route + path, whatever the spelling', async () => {
    const app = renderApp('/marketMapIndex');
    await screen.findByTestId('screen-marketMapIndex');
    click('marketMapIndex', 3);
    await app.go('/shopList');
    await screen.findByTestId('screen-shopList');
    await app.go('/MARKETMAPINDEX/');
    expect(panel('marketMapIndex')).toBeVisible();
    expect(count('marketMapIndex')).toBe('3');
    expect(screen.getAllByTestId('screen-marketMapIndex')).toHaveLength(1);
  });

  it('keep several screens alive at once, each with its own address', async () => {
    const app = renderApp('/marketMapIndex?from=a');
    await screen.findByTestId('screen-marketMapIndex');
    click('marketMapIndex');
    await app.go('/shopList?from=b');
    await screen.findByTestId('screen-shopList');
    click('shopList', 2);
    await app.go(routes.questionList.getHref());
    await screen.findByTestId('screen-questionList');
    // Hidden screens keep seeing the address they were opened with, not the current one.
    expect(within(panel('marketMapIndex')).getByTestId('search').textContent).toBe('?from=a');
    expect(within(panel('shopList')).getByTestId('search').textContent).toBe('?from=b');
    await app.go('/marketMapIndex?from=a');
    expect(count('marketMapIndex')).toBe('1');
    expect(count('shopList')).toBe('2');
  });
});

describe('other screens', () => {
  it('remount on return (state is not kept)', async () => {
    const app = renderApp(routes.questionList.getHref());
    await screen.findByTestId('screen-questionList');
    click('questionList', 2);
    await app.go(routes.rules.getHref());
    await screen.findByRole('heading', { name: routes.rules.title });
    expect(screen.queryByTestId('screen-questionList')).toBeNull();
    await app.go(-1);
    await screen.findByTestId('screen-questionList');
    expect(count('questionList')).toBe('0');
  });

  it('scroll to top on return even when they were scrolled', async () => {
    const app = renderApp(routes.questionList.getHref());
    await screen.findByTestId('screen-questionList');
    scrollWindowTo(900);
    await app.go(routes.rules.getHref());
    await app.go(-1);
    expect(scrollTo).toHaveBeenLastCalledWith(0, 0);
  });
});

describe('touchCache', () => {
  const loc = (pathname: string) => ({ pathname, search: '', hash: '', state: null, key: pathname }) as Location;
  const keys = (state: CacheState) => state.entries.map((e) => e.key);

  it('adds new keys in order and refreshes existing ones in place', () => {
    let state = touchCache(emptyCache, 'a', loc('/a'));
    state = touchCache(state, 'b', loc('/b'));
    state = touchCache(state, 'a', loc('/a2'));
    expect(keys(state)).toEqual(['a', 'b']);
    expect(state.entries[0]?.location.pathname).toBe('/a2');
  });

  it('evicts the least recently used entry beyond the limit, never the current one', () => {
    let state = emptyCache;
    for (const key of ['a', 'b', 'c']) state = touchCache(state, key, loc(`/${key}`), 3);
    state = touchCache(state, 'a', loc('/a'), 3); // a is now the most recent
    state = touchCache(state, 'd', loc('/d'), 3);
    expect(keys(state)).toEqual(['a', 'c', 'd']);
    state = touchCache(state, 'e', loc('/e'), 1);
    expect(keys(state)).toEqual(['e']);
  });

  it('defaults to the last 6 entries', () => {
    let state = emptyCache;
    for (let i = 0; i < 9; i += 1) state = touchCache(state, `k${i}`, loc(`/k${i}`));
    expect(keys(state)).toEqual(['k3', 'k4', 'k5', 'k6', 'k7', 'k8']);
  });
});
