import { act, fireEvent, screen, waitFor } from '@testing-library/react';

import { NOT_FOUND_TITLE } from '../AppRoutes';
import { DESKTOP_UA, phoneEnv, renderApp } from './test-utils';

import type { GuardEnvironment } from '@/routes';
import { routeList, routes } from '@/routes';

let mockEnv: GuardEnvironment = phoneEnv;
// Routing tests read a heading per screen: the built invitation screens stand in as headings of their titles.
jest.mock('../../../features/invitation/screens/RulesScreen', () =>
  jest.requireActual('./stub-screens').headingScreenModule('活动规则'),
);
jest.mock('../../../features/invitation/screens/RecordScreen', () =>
  jest.requireActual('./stub-screens').headingScreenModule('邀请记录'),
);
jest.mock('@/routes/environment', () => ({ readGuardEnvironment: () => mockEnv }));

// Home belongs to the lives feature (needs the store); the router only needs some screen there.
jest.mock('../../../features/lives/screens/HomeScreen', () =>
  jest.requireActual('./stub-screens').textScreenModule('home screen'),
);

// A guarded screen that shows what the router passes it.
jest.mock('../../../features/marketing/customer/screens/OppDetailScreen', () => {
  const { useRouteDeeplink } = jest.requireActual('@/routes');
  function OppDetailScreen() {
    return <p>deeplink={String(useRouteDeeplink())}</p>;
  }
  return { __esModule: true, default: OppDetailScreen };
});

let scrollTo: jest.SpyInstance;
beforeEach(() => {
  mockEnv = phoneEnv;
  scrollTo = jest.spyOn(window, 'scrollTo').mockImplementation(() => undefined);
});
afterEach(() => jest.restoreAllMocks());

const heading = (name: string) => screen.findByRole('heading', { name });

describe('AppRoutes', () => {
  it('renders the home screen with a live-broadcast document title', async () => {
    renderApp('/?from=weapp');
    expect(await screen.findByText('home screen')).toBeInTheDocument();
    expect(document.title).toBe('直播');
  });

  it.each(
    routeList
      .filter((r) => r.name !== 'home' && r.name !== 'iframe' && r.name !== 'oppDetail')
      .map((r) => [r.name, r] as const),
  )(
    '%s loads its own screen, with its title and without an error',
    async (_name, route) => {
      const { container } = renderApp(route.getHref(route.path.includes(':liveid') ? { liveid: 7 } : undefined));
      // Built screens and "coming soon" placeholders alike: the lazy chunk resolved and rendered something. The first
      // screen of an area compiles that area's whole module tree under jest, seconds on a busy machine: a wait, not a bound.
      await waitFor(() => expect(container.querySelector('[data-route-loading]')).toBeNull(), { timeout: 20_000 });
      await waitFor(() => expect(container.childElementCount).toBeGreaterThan(0));
      expect(screen.queryByText('页面出错了')).toBeNull();
      expect(document.title).toBe(route.title);
      if (screen.queryByText('功能建设中')) expect(await heading(route.title)).toBeInTheDocument();
    },
    30_000,
  );

  it.each([
    ['/RateDetail', routes.rateDetail.title],
    ['/rateDetail', routes.rateDetail.title],
    ['/FundInDetail', routes.fundInDetail.title],
    ['/fundInDetail', routes.fundInDetail.title],
    ['/rateShareDetail', routes.rateShareDetail.title],
    ['/RateShareDetail', routes.rateShareDetail.title],
    ['/liveend/12', routes.liveEnd.title],
  ])('resolves %s regardless of case', async (path, title) => {
    renderApp(path);
    await waitFor(() => expect(document.title).toBe(title));
    expect(screen.queryByText(NOT_FOUND_TITLE)).toBeNull();
  });

  it('shows NotFound with a way home for an unknown address', async () => {
    const app = renderApp('/no/such/page');
    expect(await screen.findByText('没有找到这个页面')).toBeInTheDocument();
    expect(document.title).toBe(NOT_FOUND_TITLE);
    fireEvent.click(screen.getByRole('button', { name: '返回首页' }));
    await waitFor(() => expect(app.href()).toBe('/'));
    await waitFor(() => expect(document.title).toBe('直播'));
  });

  it('updates document.title on every navigation', async () => {
    const app = renderApp('/rules');
    expect(await heading('活动规则')).toBeInTheDocument();
    await app.go(routes.record.getHref());
    expect(await heading('邀请记录')).toBeInTheDocument();
    expect(document.title).toBe('邀请记录');
  });
});

describe('navigation guard (component)', () => {
  it('sends a desktop top window from a guarded screen to /iframe, which frames it with the marker', async () => {
    mockEnv = { userAgent: DESKTOP_UA, maxTouchPoints: 0, isTopWindow: true, origin: 'http://localhost' };
    const app = renderApp('/RateDetail?id=1');
    const frame = await screen.findByTitle(routes.iframe.title);
    expect(app.href()).toBe(`/iframe?url=${encodeURIComponent('http://localhost/RateDetail?id=1')}`);
    expect(frame).toHaveAttribute('src', 'http://localhost/RateDetail?id=1&ispc=pcWork');
    expect(screen.queryByText(routes.rateDetail.title)).toBeNull();
  });

  it('adds the marker in place when the desktop page is already framed', async () => {
    mockEnv = { userAgent: DESKTOP_UA, maxTouchPoints: 0, isTopWindow: false, origin: 'http://localhost' };
    const app = renderApp('/materials?id=3');
    // The screen itself renders (its title), not a redirect to /iframe.
    await waitFor(() => expect(document.title).toBe(routes.materials.title));
    expect(app.href()).toBe('/materials?id=3&ispc=pcWork');
  });

  it('lets a desktop through when ispc=pcWork is present, and never redirects a phone', async () => {
    mockEnv = { userAgent: DESKTOP_UA, maxTouchPoints: 0, isTopWindow: true, origin: 'http://localhost' };
    const desktop = renderApp('/baseStock?ispc=pcWork');
    expect(await heading(routes.baseStock.title)).toBeInTheDocument();
    expect(desktop.href()).toBe('/baseStock?ispc=pcWork');
    desktop.unmount();

    mockEnv = phoneEnv;
    const phone = renderApp('/baseStock');
    expect(await heading(routes.baseStock.title)).toBeInTheDocument();
    expect(phone.href()).toBe('/baseStock');
  });

  it('does not guard unguarded screens on a desktop', async () => {
    mockEnv = { userAgent: DESKTOP_UA, maxTouchPoints: 0, isTopWindow: true, origin: 'http://localhost' };
    const app = renderApp('/touguRateDetail');
    expect(await heading(routes.touguRateDetail.title)).toBeInTheDocument();
    expect(app.href()).toBe('/touguRateDetail');
  });

  it('passes the deeplink query parameter into the screen', async () => {
    const app = renderApp('/oppDetail?deeplink=wake%2Fme');
    expect(await screen.findByText('deeplink=wake/me')).toBeInTheDocument();
    await app.go('/oppDetail');
    expect(await screen.findByText('deeplink=null')).toBeInTheDocument();
  });
});

describe('scroll', () => {
  it('scrolls to top on every navigation', async () => {
    const app = renderApp('/rules');
    await heading('活动规则');
    scrollTo.mockClear();
    await app.go('/record');
    expect(scrollTo).toHaveBeenCalledWith(0, 0);
    scrollTo.mockClear();
    await app.go('/record?page=2');
    expect(scrollTo).toHaveBeenCalledWith(0, 0);
  });

  it('leaves scroll alone on a hash-only change', async () => {
    const app = renderApp('/rules');
    await heading('活动规则');
    scrollTo.mockClear();
    await act(async () => app.go('/rules#faq'));
    expect(scrollTo).not.toHaveBeenCalled();
  });
});
