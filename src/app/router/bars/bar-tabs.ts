import type { RouteName } from '@/routes';

/*
 * Which tab each route lights up, per area: plain data, so the first load knows whether a page has a bar
 * (and keeps its place with a spacer) while the bars themselves load with the first screen that shows one.
 */

/**
 * Which tab each customer list page belongs to: the pages a visitor moves between, as a mini-program's
 * tabs. Pages with their own bottom actions (the live room, players, details, forms) have no bar.
 */
export const CUSTOMER_TAB_OF: Partial<Record<RouteName, 'lives' | 'store' | 'invite' | 'mine'>> = {
  home: 'lives',
  shopIndex: 'store',
  shopList: 'store',
  expertMore: 'store',
  productList: 'store',
  questionList: 'store',
  agencyViews: 'store',
  // The invitation program runs on its own pages: the tab shows it is there on each of them.
  record: 'invite',
  rules: 'invite',
  wechatH5: 'invite',
  mine: 'mine',
};

/**
 * The customer pages a shared link opens that have no tab bar (their foot holds the page's own actions): each gets
 * the compact door strip at its top, and the list its 返回 goes to when the page was the first one opened.
 */
export const DOOR_BACK_TO: Partial<Record<RouteName, 'home' | 'shopIndex' | 'record'>> = {
  about: 'home',
  liveDetail: 'home',
  liveH5Detail: 'home',
  playBack: 'home',
  liveEnd: 'home',
  leaveMessagePage: 'home',
  preheatDetail: 'home',
  preheatDetailV2: 'home',
  preheatDetailGopher: 'home',
  liveMiniApp: 'home',
  cloudMettingActivity: 'home',
  tactfulOnline: 'home',
  tactfulReport: 'home',
  summaryView: 'home',
  kycIndex: 'home',
  kycH5: 'home',
  crmHoliday: 'home',
  hedgeFund: 'home',
  mutualFund: 'home',
  annualMeeting: 'home',
  coreMemberDetail: 'shopIndex',
  articleDetail: 'shopIndex',
  questionDetail: 'shopIndex',
  guide: 'shopIndex',
  fundDetail: 'shopIndex',
  contentRecognition: 'shopIndex',
  download: 'record',
  readMaterial: 'home',
  follow: 'home',
  login: 'home',
};

/** Which tab each adviser route lights up; the workbench answers to 机会 or 线索 by its tab query. */
export const ADVISER_TAB_OF: Partial<Record<RouteName, 'chance' | 'clue' | 'customer' | 'material' | 'mine'>> = {
  marketMapIndex: 'chance',
  userlist: 'customer',
  table: 'mine',
  materials: 'material',
  forwardingAssistant: 'material',
  config: 'mine',
  ignoreIndex: 'mine',
  adviserMine: 'mine',
};

/** Routes that show the customer's tabs (直播 / 商城 / 邀请 / 我的). */
export const customerBarRoutes: ReadonlySet<RouteName> = new Set(Object.keys(CUSTOMER_TAB_OF) as RouteName[]);

/** Routes that show the door strip (返回 and 直播 / 商城 / 邀请 / 我的) at their top. */
export const doorRoutes: ReadonlySet<RouteName> = new Set(Object.keys(DOOR_BACK_TO) as RouteName[]);

/** Routes that show the adviser's tabs (机会 / 线索 / 客户 / 素材 / 我的): the tab roots and 我的's lists. */
export const adviserBarRoutes: ReadonlySet<RouteName> = new Set(Object.keys(ADVISER_TAB_OF) as RouteName[]);
