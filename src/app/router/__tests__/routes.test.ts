import { screenRoutes } from '../screen-routes';
import { GUARDED_SPEC_PATHS } from './guarded-paths';

import { cacheKeyFor, findRoute, routeList, routes } from '@/routes';

// Every path of docs/rules/routes-and-screens.md#path-spelling, in the spec's spelling.
const SPEC_PATHS = [
  '/',
  '/about/1',
  '/liveDetail/1',
  '/LiveH5Detail/1',
  '/playBack/1',
  '/LiveEnd/1',
  '/LeaveMessagePage',
  '/preheatDetail',
  '/preheatDetailV2',
  '/preheatDetailGopher',
  '/liveMiniApp',
  '/cloudMettingActivity',
  '/tactfulOnline',
  '/tactfulReport',
  '/summaryView',
  '/kycIndex',
  '/kycH5',
  '/crmHoliday',
  '/hedgeFund',
  '/mutualFund',
  '/annualMeeting',
  '/expertMore',
  '/coreMemberDetail',
  '/shopIndex',
  '/productList',
  '/shopList',
  '/questionList',
  '/questionDetail',
  '/guide',
  '/agencyViews',
  '/fundDetail',
  '/contentRecognition',
  '/rateDetail',
  '/touguRateDetail',
  '/fundInDetail',
  '/touguFundDetail',
  '/purposeDetail',
  '/RateShareDetail',
  '/PerspectiveDetail',
  '/personDetail',
  '/marketMapIndex',
  '/searchIndex',
  '/baseStock',
  '/config',
  '/ignoreIndex',
  '/ignoreDetail',
  '/publicShareDetail',
  '/oppDetail',
  '/materials',
  '/productImagePdf',
  '/Pdf',
  '/materialDetail',
  '/iframe',
  '/appH5',
  '/table',
  '/userlist',
  '/ForwardingAssistant',
  '/survivaList',
  '/record',
  '/wechatH5',
  '/download',
  '/rules',
  '/jumpToMini',
  '/jumpToMeeting',
  '/follow',
  '/jumpToWxAuth',
  '/test',
  '/login',
];

// Developer-only routes of our own (docs/rules/routes-and-screens.md#screens-of-our-own), each documented where it is declared in routes.ts.
const DEVELOPER_PATHS = ['/__errorTest', '/__replay'];
// Staff screens of our own (docs/rules/routes-and-screens.md#screens-of-our-own): the knowledge store's compliance review.
const STAFF_PATHS = ['/storeReview'];
// The staff desks (expert answers, review, compliance records): WeCom sign-in and the PC frame like the workbench.
const STAFF_DESKS = ['expertAnswers', 'reviewDesk', 'complianceLog'];
// Customer pages of our own (docs/rules/routes-and-screens.md#screens-of-our-own): a forwarded material's tracked link, the 我的 tab, a store article.
const CUSTOMER_PATHS = ['/readMaterial', '/mine', '/articleDetail'];
// Adviser screens of our own beyond the spec's route list (docs/workbench.md): the 我的 tab of the adviser's bottom bar, a material's reading radar, a product card's
// holders, the cards waiting behind the daily cap.
const ADVISER_PATHS = ['/adviserMine', '/materialRadar', '/productHolders', '/waitingIndex'];
const ALL_PATHS = [
  ...SPEC_PATHS,
  ...DEVELOPER_PATHS,
  ...STAFF_PATHS,
  ...STAFF_DESKS.map((d) => `/${d}`),
  ...CUSTOMER_PATHS,
  ...ADVISER_PATHS,
];

const KEPT = ['marketMapIndex', 'fundInDetail', 'TouguFundDetail', 'RateDetail', 'TouguRateDetail', 'shopList'];

describe('route table', () => {
  it('has exactly one route per spec path, plus the listed developer routes', () => {
    expect(routeList).toHaveLength(ALL_PATHS.length);
    const matched = ALL_PATHS.map((path) => findRoute(path)?.name);
    expect(matched).not.toContain(undefined);
    expect(new Set(matched).size).toBe(ALL_PATHS.length);
  });

  it('keeps names and paths unique, even ignoring case', () => {
    expect(new Set(routeList.map((r) => r.name)).size).toBe(routeList.length);
    expect(new Set(routeList.map((r) => r.path.toLowerCase())).size).toBe(routeList.length);
  });

  it('gives every route a Chinese title, an area and a lazy screen', () => {
    for (const route of routeList) {
      expect(route.title).toMatch(/[\u4e00-\u9fff]/);
      expect(['live', 'store', 'marketing', 'invitation', 'helper', 'staff']).toContain(route.area);
    }
    for (const route of screenRoutes) expect(typeof route.Screen).toBe('function');
    expect(routes.home.title).toBe('直播');
  });

  it('loads a module with a default screen for every route', async () => {
    const modules = await Promise.all(screenRoutes.map((r) => r.preload()));
    modules.forEach((mod, i) =>
      expect({ route: screenRoutes[i]?.name, screen: typeof (mod as { default?: unknown })?.default }).toEqual({
        route: screenRoutes[i]?.name,
        screen: 'function',
      }),
    );
  });

  it('flags exactly the 18 guarded screens of docs/rules/routes-and-screens.md#navigation-guard, and the three staff desks', () => {
    const flagged = routeList.filter((r) => r.guarded).map((r) => r.name);
    expect(flagged.sort()).toEqual([...GUARDED_SPEC_PATHS, ...STAFF_DESKS].map((p) => findRoute(`/${p}`)?.name).sort());
    expect(flagged).toHaveLength(18 + 3);
  });

  it('flags exactly the 6 keep-alive screens of docs/rules/routes-and-screens.md#kept-alive-screens', () => {
    const flagged = routeList.filter((r) => r.keepAlive).map((r) => r.name);
    expect(flagged.sort()).toEqual(KEPT.map((p) => findRoute(`/${p}`)?.name).sort());
  });

  it('makes {liveid} optional on the live detail screens', () => {
    for (const name of ['about', 'liveDetail', 'liveH5Detail', 'playBack', 'liveEnd'] as const) {
      expect(findRoute(routes[name].getHref())?.name).toBe(name);
      expect(findRoute(routes[name].getHref({ liveid: 42 }))?.name).toBe(name);
    }
  });
});

describe('findRoute', () => {
  it.each([
    ['/RateDetail', 'rateDetail'],
    ['/rateDetail', 'rateDetail'],
    ['/RATEDETAIL', 'rateDetail'],
    ['/FundInDetail', 'fundInDetail'],
    ['/fundInDetail', 'fundInDetail'],
    ['/rateShareDetail', 'rateShareDetail'],
    ['/RateShareDetail', 'rateShareDetail'],
    ['/pdf', 'pdf'],
    ['/liveend/3', 'liveEnd'],
    ['/shopList/', 'shopList'],
  ])('matches %s case-insensitively to %s', (path, name) => {
    expect(findRoute(path)?.name).toBe(name);
  });

  it('matches nothing for unknown paths or extra segments', () => {
    expect(findRoute('/nope')).toBeUndefined();
    expect(findRoute('/rateDetail/extra')).toBeUndefined();
    expect(findRoute('/about/1/2')).toBeUndefined();
  });
});

describe('cacheKeyFor', () => {
  it('is route name + path, ignoring case and a trailing slash', () => {
    expect(cacheKeyFor('rateDetail', '/RateDetail/')).toBe('rateDetail:/ratedetail');
    expect(cacheKeyFor('rateDetail', '/rateDetail')).toBe(cacheKeyFor('rateDetail', '/RATEDETAIL'));
    expect(cacheKeyFor('home', '/')).toBe('home:/');
  });
});

test('a title says what its page lists: /shopList lists articles (头条, 资讯, 观点), not goods', () => {
  expect(routes.shopList.title).toBe('资讯文章');
  expect(routeList.filter((r) => r.title.includes('商品'))).toEqual([]);
});
