import { buildHref } from './href';
import type { AppRoute, HrefArgs, RouteArea, RouteFlags } from './types';

/*
 * THE route table (docs/rules/routes-and-screens.md), as data: every screen is listed once here with its stable name (the
 * key), its path pattern in the spec's spelling (matching ignores case), Chinese title, area and
 * flags. Links are built with routes.<name>.getHref(params, query), never with path literals.
 * Which screen a route shows is the app layer's business (src/app/router/screens.ts), so this
 * layer imports no screen and any feature may link to any route.
 */

interface RouteDef<P extends string> extends RouteFlags {
  path: P;
  title: string;
  area: RouteArea;
}

const plain: RouteFlags = { guarded: false, keepAlive: false };
const guarded: RouteFlags = { guarded: true, keepAlive: false };
const kept: RouteFlags = { guarded: false, keepAlive: true };
const guardedKept: RouteFlags = { guarded: true, keepAlive: true };

function r<P extends string>(path: P, title: string, area: RouteArea, flags = plain): RouteDef<P> {
  return { path, title, area, ...flags };
}

const table = {
  // Home: a live-broadcast list (owned by the lead).
  home: r('/', '直播', 'live'),

  // Live screens
  about: r('/about/:liveid?', '直播介绍', 'live'),
  liveDetail: r('/liveDetail/:liveid?', '直播间', 'live'),
  liveH5Detail: r('/LiveH5Detail/:liveid?', '直播间', 'live'),
  playBack: r('/playBack/:liveid?', '直播回放', 'live'),
  liveEnd: r('/LiveEnd/:liveid?', '直播已结束', 'live'),
  leaveMessagePage: r('/LeaveMessagePage', '留言', 'live'),
  preheatDetail: r('/preheatDetail', '直播预告', 'live'),
  preheatDetailV2: r('/preheatDetailV2', '直播预告', 'live'),
  preheatDetailGopher: r('/preheatDetailGopher', '直播预告', 'live'),
  liveMiniApp: r('/liveMiniApp', '直播', 'live'),
  cloudMettingActivity: r('/cloudMettingActivity', '云会议活动', 'live'),
  tactfulOnline: r('/tactfulOnline', '在线策略会', 'live'),
  tactfulReport: r('/tactfulReport', '策略会报告', 'live'),
  summaryView: r('/summaryView', '直播纪要', 'live'),
  kycIndex: r('/kycIndex', '客户画像', 'live'),
  kycH5: r('/kycH5', '专题活动', 'live'),
  crmHoliday: r('/crmHoliday', '理财师节', 'live'),
  hedgeFund: r('/hedgeFund', '私募基金', 'live'),
  mutualFund: r('/mutualFund', '公募基金', 'live'),
  annualMeeting: r('/annualMeeting', '黑钻年会', 'live'),

  // Store screens (knowledge feature)
  expertMore: r('/expertMore', '专家说', 'store'),
  coreMemberDetail: r('/coreMemberDetail', '投资人物', 'store'),
  shopIndex: r('/shopIndex', '知识商城', 'store'),
  productList: r('/productList', '产品列表', 'store'),
  /** The store's article list (头条 / 资讯 / 观点): the spec's path, titled by what it lists. */
  shopList: r('/shopList', '资讯文章', 'store', kept),
  /** One article of the store (news or an institution's view), opened from any article card (ours: docs/rules/routes-and-screens.md#screens-of-our-own). */
  articleDetail: r('/articleDetail', '文章详情', 'store'),
  questionList: r('/questionList', '问答', 'store'),
  questionDetail: r('/questionDetail', '问答详情', 'store'),
  guide: r('/guide', '使用指南', 'store'),
  agencyViews: r('/agencyViews', '机构观点', 'store'),
  fundDetail: r('/fundDetail', '基金详情', 'store'),
  contentRecognition: r('/contentRecognition', '私募基金合同', 'store'),
  storeReview: r('/storeReview', '问答合规审核', 'store'),

  // Marketing-opportunity screens
  rateDetail: r('/rateDetail', '收益率详情', 'marketing', guardedKept),
  touguRateDetail: r('/touguRateDetail', '投顾收益率详情', 'marketing', kept),
  fundInDetail: r('/fundInDetail', '资金流入详情', 'marketing', guardedKept),
  touguFundDetail: r('/touguFundDetail', '投顾资金详情', 'marketing', kept),
  purposeDetail: r('/purposeDetail', '意向匹配详情', 'marketing', guarded),
  rateShareDetail: r('/RateShareDetail', '收益分享', 'marketing', guarded),
  perspectiveDetail: r('/PerspectiveDetail', '行为洞察详情', 'marketing', guarded),
  personDetail: r('/personDetail', '客户详情', 'marketing', guarded),
  marketMapIndex: r('/marketMapIndex', '营销商机', 'marketing', guardedKept),
  searchIndex: r('/searchIndex', '搜索', 'marketing', guarded),
  baseStock: r('/baseStock', '货基存量', 'marketing', guarded),
  config: r('/config', '商机设置', 'marketing', guarded),
  ignoreIndex: r('/ignoreIndex', '已忽略商机', 'marketing', guarded),
  ignoreDetail: r('/ignoreDetail', '已忽略详情', 'marketing', guarded),
  publicShareDetail: r('/publicShareDetail', '公募分红', 'marketing', guarded),
  oppDetail: r('/oppDetail', '商机详情', 'marketing', guarded),
  materials: r('/materials', '素材库', 'marketing', guarded),
  productImagePdf: r('/productImagePdf', '产品资料', 'marketing', guarded),
  pdf: r('/Pdf', '文档预览', 'marketing', guarded),
  materialDetail: r('/materialDetail', '素材详情', 'marketing', guarded),
  iframe: r('/iframe', '工作台', 'marketing'),
  appH5: r('/appH5', '专题页', 'marketing'),
  table: r('/table', '数据表格', 'marketing'),
  userlist: r('/userlist', '客户列表', 'marketing'),
  forwardingAssistant: r('/ForwardingAssistant', '转发助手', 'marketing'),
  /** Who opened a material I sent, when, for how long and how far (ours: docs/rules/routes-and-screens.md#screens-of-our-own). */
  materialRadar: r('/materialRadar', '阅读雷达', 'marketing'),
  /** The holders a product card reached (ours: docs/rules/routes-and-screens.md#screens-of-our-own): one event, many customers. */
  productHolders: r('/productHolders', '持有客户', 'marketing'),
  /** 待处理 (a screen of our own, docs/workbench.md): the cards waiting behind the daily cap, each can be let in by hand. */
  waitingIndex: r('/waitingIndex', '待处理', 'marketing'),
  survivaList: r('/survivaList', '存续期会议与直播', 'marketing'),
  /** The adviser's 我的 tab (ours: docs/rules/routes-and-screens.md#screens-of-our-own): settings, data table, ignored cards, tools. */
  adviserMine: r('/adviserMine', '我的', 'marketing'),
  /** A customer's page of a material an adviser forwarded (tracked link; no sign-in). */
  readMaterial: r('/readMaterial', '资料阅读', 'helper'),

  // Staff desks (ours: docs/rules/routes-and-screens.md#screens-of-our-own): WeCom sign-in like the workbench; the server decides by the session's role.
  expertAnswers: r('/expertAnswers', '专家回答', 'staff', guarded),
  reviewDesk: r('/reviewDesk', '审核台', 'staff', guarded),
  complianceLog: r('/complianceLog', '合规记录', 'staff', guarded),

  // Invitation screens
  record: r('/record', '邀请记录', 'invitation'),
  wechatH5: r('/wechatH5', '会员邀请', 'invitation'),
  download: r('/download', '下载 App', 'invitation'),
  rules: r('/rules', '活动规则', 'invitation'),

  // Helpers (login and the web-chat authorization hop belong to the session feature)
  jumpToMini: r('/jumpToMini', '正在打开小程序', 'helper'),
  jumpToMeeting: r('/jumpToMeeting', '正在进入会议', 'helper'),
  follow: r('/follow', '关注公众号', 'helper'),
  jumpToWxAuth: r('/jumpToWxAuth', '微信授权', 'helper'),
  test: r('/test', '测试页', 'helper'),
  login: r('/login', '登录', 'helper'),
  /** The customer's own tab: bookings, questions, follows, invitations and sign-out (ours: docs/rules/routes-and-screens.md#screens-of-our-own). */
  mine: r('/mine', '我的', 'helper'),

  // Developer-only (ours: docs/rules/routes-and-screens.md#screens-of-our-own): throws on ?throw=1 so error reporting is checked end to end.
  errorTest: r('/__errorTest', '错误上报测试', 'helper'),
  // Developer-only: replays a recorded action log on the real screens; the screen refuses in production unless __REPLAY_VIEWER_ENABLED__.
  replay: r('/__replay', '操作回放', 'helper'),
};

type Table = typeof table;
export type RouteName = keyof Table;
type PathOf<N extends RouteName> = Table[N]['path'];
export type RouteOf<N extends RouteName> = AppRoute<N, PathOf<N>>;

function toRoute<N extends RouteName>(name: N, def: RouteDef<PathOf<N>>): RouteOf<N> {
  return {
    name,
    path: def.path,
    title: def.title,
    area: def.area,
    guarded: def.guarded,
    keepAlive: def.keepAlive,
    getHref: (...args: HrefArgs<PathOf<N>>) =>
      buildHref(def.path, args[0] as Record<string, string | number | null | undefined> | undefined, args[1]),
  };
}

/** Every route by name: routes.about.getHref({ liveid }, { from: 'weapp' }). */
export const routes = Object.fromEntries(
  (Object.keys(table) as RouteName[]).map((name) => [
    name,
    toRoute(name, table[name] as RouteDef<PathOf<typeof name>>),
  ]),
) as { readonly [N in RouteName]: RouteOf<N> };

/** The same routes as a list, in table order (matching order). */
export const routeList: readonly RouteOf<RouteName>[] = Object.values(routes);

/** Link to any route by name, for code that picks the target at run time. */
export function getHref<N extends RouteName>(name: N, ...args: HrefArgs<PathOf<N>>): string {
  return (routes[name].getHref as (...a: HrefArgs<PathOf<N>>) => string)(...args);
}
