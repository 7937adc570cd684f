import { buildHref } from './href';
import { lazyScreen } from './lazyScreen';
import type { AppRoute, HrefArgs, RouteArea, RouteFlags, ScreenLoader } from './types';

/*
 * THE route table (spec §2). Every screen is listed once here: its stable name (the key),
 * its path pattern in the spec's spelling (matching ignores case), Chinese title, area, flags
 * and a lazy loader that gives it its own webpack chunk. Links are built with
 * routes.<name>.getHref(params, query) — never with path literals.
 *
 * webpack needs each import() path as a literal, which is why the loaders are written out.
 */

interface RouteDef<P extends string> extends RouteFlags {
  path: P;
  title: string;
  area: RouteArea;
  load: ScreenLoader;
}

const plain: RouteFlags = { guarded: false, keepAlive: false };
const guarded: RouteFlags = { guarded: true, keepAlive: false };
const kept: RouteFlags = { guarded: false, keepAlive: true };
const guardedKept: RouteFlags = { guarded: true, keepAlive: true };

function r<P extends string>(path: P, title: string, area: RouteArea, load: ScreenLoader, flags = plain): RouteDef<P> {
  return { path, title, area, load, ...flags };
}

const table = {
  // Home: a live-broadcast list (owned by the lead).
  home: r('/', '直播', 'live', () => import(/* webpackChunkName: "home" */ '../../features/lives/screens/HomeScreen')),

  // Live screens
  about: r('/about/:liveid?', '直播介绍', 'live', () => import(/* webpackChunkName: "about" */ '../../features/lives/screens/AboutScreen')),
  liveDetail: r('/liveDetail/:liveid?', '直播间', 'live', () => import(/* webpackChunkName: "liveDetail" */ '../../features/lives/screens/LiveDetailScreen')),
  liveH5Detail: r('/LiveH5Detail/:liveid?', '直播间', 'live', () => import(/* webpackChunkName: "liveH5Detail" */ '../../features/lives/screens/LiveH5DetailScreen')),
  playBack: r('/playBack/:liveid?', '直播回放', 'live', () => import(/* webpackChunkName: "playBack" */ '../../features/lives/screens/PlayBackScreen')),
  liveEnd: r('/LiveEnd/:liveid?', '直播已结束', 'live', () => import(/* webpackChunkName: "liveEnd" */ '../../features/lives/screens/LiveEndScreen')),
  leaveMessagePage: r('/LeaveMessagePage', '留言', 'live', () => import(/* webpackChunkName: "leaveMessagePage" */ '../../features/lives/screens/LeaveMessagePageScreen')),
  preheatDetail: r('/preheatDetail', '直播预告', 'live', () => import(/* webpackChunkName: "preheatDetail" */ '../../features/lives/screens/PreheatDetailScreen')),
  preheatDetailV2: r('/preheatDetailV2', '直播预告', 'live', () => import(/* webpackChunkName: "preheatDetailV2" */ '../../features/lives/screens/PreheatDetailV2Screen')),
  preheatDetailGopher: r('/preheatDetailGopher', '直播预告', 'live', () => import(/* webpackChunkName: "preheatDetailGopher" */ '../../features/lives/screens/PreheatDetailGopherScreen')),
  liveMiniApp: r('/liveMiniApp', '直播', 'live', () => import(/* webpackChunkName: "liveMiniApp" */ '../../features/lives/screens/LiveMiniAppScreen')),
  cloudMettingActivity: r('/cloudMettingActivity', '云会议活动', 'live', () => import(/* webpackChunkName: "cloudMettingActivity" */ '../../features/lives/screens/CloudMettingActivityScreen')),
  tactfulOnline: r('/tactfulOnline', '在线策略会', 'live', () => import(/* webpackChunkName: "tactfulOnline" */ '../../features/lives/screens/TactfulOnlineScreen')),
  tactfulReport: r('/tactfulReport', '策略会报告', 'live', () => import(/* webpackChunkName: "tactfulReport" */ '../../features/lives/screens/TactfulReportScreen')),
  summaryView: r('/summaryView', '直播纪要', 'live', () => import(/* webpackChunkName: "summaryView" */ '../../features/lives/screens/SummaryViewScreen')),
  kycIndex: r('/kycIndex', '客户画像', 'live', () => import(/* webpackChunkName: "kycIndex" */ '../../features/lives/screens/KycIndexScreen')),
  kycH5: r('/kycH5', '专题活动', 'live', () => import(/* webpackChunkName: "kycH5" */ '../../features/lives/screens/KycH5Screen')),
  crmHoliday: r('/crmHoliday', '理财师节', 'live', () => import(/* webpackChunkName: "crmHoliday" */ '../../features/lives/screens/CrmHolidayScreen')),
  hedgeFund: r('/hedgeFund', '私募基金', 'live', () => import(/* webpackChunkName: "hedgeFund" */ '../../features/lives/screens/HedgeFundScreen')),
  mutualFund: r('/mutualFund', '公募基金', 'live', () => import(/* webpackChunkName: "mutualFund" */ '../../features/lives/screens/MutualFundScreen')),
  annualMeeting: r('/annualMeeting', '黑钻年会', 'live', () => import(/* webpackChunkName: "annualMeeting" */ '../../features/lives/screens/AnnualMeetingScreen')),

  // Store screens (knowledge feature)
  expertMore: r('/expertMore', '专家说', 'store', () => import(/* webpackChunkName: "expertMore" */ '../../features/knowledge/screens/ExpertMoreScreen')),
  coreMemberDetail: r('/coreMemberDetail', '投资人物', 'store', () => import(/* webpackChunkName: "coreMemberDetail" */ '../../features/knowledge/screens/CoreMemberDetailScreen')),
  shopIndex: r('/shopIndex', '知识商城', 'store', () => import(/* webpackChunkName: "shopIndex" */ '../../features/knowledge/screens/ShopIndexScreen')),
  productList: r('/productList', '产品列表', 'store', () => import(/* webpackChunkName: "productList" */ '../../features/knowledge/screens/ProductListScreen')),
  shopList: r('/shopList', '商品列表', 'store', () => import(/* webpackChunkName: "shopList" */ '../../features/knowledge/screens/ShopListScreen'), kept),
  questionList: r('/questionList', '问答', 'store', () => import(/* webpackChunkName: "questionList" */ '../../features/knowledge/screens/QuestionListScreen')),
  questionDetail: r('/questionDetail', '问答详情', 'store', () => import(/* webpackChunkName: "questionDetail" */ '../../features/knowledge/screens/QuestionDetailScreen')),
  guide: r('/guide', '使用指南', 'store', () => import(/* webpackChunkName: "guide" */ '../../features/knowledge/screens/GuideScreen')),
  agencyViews: r('/agencyViews', '机构观点', 'store', () => import(/* webpackChunkName: "agencyViews" */ '../../features/knowledge/screens/AgencyViewsScreen')),
  fundDetail: r('/fundDetail', '基金详情', 'store', () => import(/* webpackChunkName: "fundDetail" */ '../../features/knowledge/screens/FundDetailScreen')),
  contentRecognition: r('/contentRecognition', '私募基金合同', 'store', () => import(/* webpackChunkName: "contentRecognition" */ '../../features/knowledge/screens/ContentRecognitionScreen')),

  // Marketing-opportunity screens
  rateDetail: r('/rateDetail', '收益率详情', 'marketing', () => import(/* webpackChunkName: "rateDetail" */ '../../features/marketing/screens/RateDetailScreen'), guardedKept),
  touguRateDetail: r('/touguRateDetail', '投顾收益率详情', 'marketing', () => import(/* webpackChunkName: "touguRateDetail" */ '../../features/marketing/screens/TouguRateDetailScreen'), kept),
  fundInDetail: r('/fundInDetail', '资金流入详情', 'marketing', () => import(/* webpackChunkName: "fundInDetail" */ '../../features/marketing/screens/FundInDetailScreen'), guardedKept),
  touguFundDetail: r('/touguFundDetail', '投顾资金详情', 'marketing', () => import(/* webpackChunkName: "touguFundDetail" */ '../../features/marketing/screens/TouguFundDetailScreen'), kept),
  purposeDetail: r('/purposeDetail', '意向匹配详情', 'marketing', () => import(/* webpackChunkName: "purposeDetail" */ '../../features/marketing/screens/PurposeDetailScreen'), guarded),
  rateShareDetail: r('/RateShareDetail', '收益分享', 'marketing', () => import(/* webpackChunkName: "rateShareDetail" */ '../../features/marketing/screens/RateShareDetailScreen'), guarded),
  perspectiveDetail: r('/PerspectiveDetail', '行为洞察详情', 'marketing', () => import(/* webpackChunkName: "perspectiveDetail" */ '../../features/marketing/screens/PerspectiveDetailScreen'), guarded),
  personDetail: r('/personDetail', '客户详情', 'marketing', () => import(/* webpackChunkName: "personDetail" */ '../../features/marketing/screens/PersonDetailScreen'), guarded),
  marketMapIndex: r('/marketMapIndex', '营销商机', 'marketing', () => import(/* webpackChunkName: "marketMapIndex" */ '../../features/marketing/screens/MarketMapIndexScreen'), guardedKept),
  searchIndex: r('/searchIndex', '搜索', 'marketing', () => import(/* webpackChunkName: "searchIndex" */ '../../features/marketing/screens/SearchIndexScreen'), guarded),
  baseStock: r('/baseStock', '货基存量', 'marketing', () => import(/* webpackChunkName: "baseStock" */ '../../features/marketing/screens/BaseStockScreen'), guarded),
  config: r('/config', '商机设置', 'marketing', () => import(/* webpackChunkName: "config" */ '../../features/marketing/screens/ConfigScreen'), guarded),
  ignoreIndex: r('/ignoreIndex', '已忽略商机', 'marketing', () => import(/* webpackChunkName: "ignoreIndex" */ '../../features/marketing/screens/IgnoreIndexScreen'), guarded),
  ignoreDetail: r('/ignoreDetail', '已忽略详情', 'marketing', () => import(/* webpackChunkName: "ignoreDetail" */ '../../features/marketing/screens/IgnoreDetailScreen'), guarded),
  publicShareDetail: r('/publicShareDetail', '公募分红', 'marketing', () => import(/* webpackChunkName: "publicShareDetail" */ '../../features/marketing/screens/PublicShareDetailScreen'), guarded),
  oppDetail: r('/oppDetail', '商机详情', 'marketing', () => import(/* webpackChunkName: "oppDetail" */ '../../features/marketing/screens/OppDetailScreen'), guarded),
  materials: r('/materials', '素材库', 'marketing', () => import(/* webpackChunkName: "materials" */ '../../features/marketing/screens/MaterialsScreen'), guarded),
  productImagePdf: r('/productImagePdf', '产品资料', 'marketing', () => import(/* webpackChunkName: "productImagePdf" */ '../../features/marketing/screens/ProductImagePdfScreen'), guarded),
  pdf: r('/Pdf', '文档预览', 'marketing', () => import(/* webpackChunkName: "pdf" */ '../../features/marketing/screens/PdfScreen'), guarded),
  materialDetail: r('/materialDetail', '素材详情', 'marketing', () => import(/* webpackChunkName: "materialDetail" */ '../../features/marketing/screens/MaterialDetailScreen'), guarded),
  iframe: r('/iframe', '工作台', 'marketing', () => import(/* webpackChunkName: "iframe" */ '../../features/marketing/screens/IframeScreen')),
  appH5: r('/appH5', '专题页', 'marketing', () => import(/* webpackChunkName: "appH5" */ '../../features/marketing/screens/AppH5Screen')),
  table: r('/table', '数据表格', 'marketing', () => import(/* webpackChunkName: "table" */ '../../features/marketing/screens/TableScreen')),
  userlist: r('/userlist', '客户列表', 'marketing', () => import(/* webpackChunkName: "userlist" */ '../../features/marketing/screens/UserlistScreen')),
  forwardingAssistant: r('/ForwardingAssistant', '转发助手', 'marketing', () => import(/* webpackChunkName: "forwardingAssistant" */ '../../features/marketing/screens/ForwardingAssistantScreen')),
  survivaList: r('/survivaList', '存续期会议与直播', 'marketing', () => import(/* webpackChunkName: "survivaList" */ '../../features/marketing/screens/SurvivaListScreen')),

  // Invitation screens
  record: r('/record', '邀请记录', 'invitation', () => import(/* webpackChunkName: "record" */ '../../features/invitation/screens/RecordScreen')),
  wechatH5: r('/wechatH5', '会员邀请', 'invitation', () => import(/* webpackChunkName: "wechatH5" */ '../../features/invitation/screens/WechatH5Screen')),
  download: r('/download', '下载 App', 'invitation', () => import(/* webpackChunkName: "download" */ '../../features/invitation/screens/DownloadScreen')),
  rules: r('/rules', '活动规则', 'invitation', () => import(/* webpackChunkName: "rules" */ '../../features/invitation/screens/RulesScreen')),

  // Helpers (login and the web-chat authorization hop belong to the session feature)
  jumpToMini: r('/jumpToMini', '正在打开小程序', 'helper', () => import(/* webpackChunkName: "jumpToMini" */ '../../features/helpers/screens/JumpToMiniScreen')),
  jumpToMeeting: r('/jumpToMeeting', '正在进入会议', 'helper', () => import(/* webpackChunkName: "jumpToMeeting" */ '../../features/helpers/screens/JumpToMeetingScreen')),
  follow: r('/follow', '关注公众号', 'helper', () => import(/* webpackChunkName: "follow" */ '../../features/helpers/screens/FollowScreen')),
  jumpToWxAuth: r('/jumpToWxAuth', '微信授权', 'helper', () => import(/* webpackChunkName: "jumpToWxAuth" */ '../../features/session/screens/JumpToWxAuthScreen')),
  test: r('/test', '测试页', 'helper', () => import(/* webpackChunkName: "test" */ '../../features/helpers/screens/TestScreen')),
  login: r('/login', '登录', 'helper', () => import(/* webpackChunkName: "login" */ '../../features/session/screens/LoginScreen')),

  // Developer-only (not in spec §2): throws on ?throw=1 so error reporting is checked end to end.
  errorTest: r('/__errorTest', '错误上报测试', 'helper', () => import(/* webpackChunkName: "errorTest" */ '../../features/tracking/screens/ErrorTestScreen')),
  // Developer-only (issue 6): replays a recorded action log on the real screens; the screen refuses in production unless __REPLAY_VIEWER_ENABLED__.
  replay: r('/__replay', '操作回放', 'helper', () => import(/* webpackChunkName: "replay" */ '../../features/action-log/screens/ReplayScreen')),
};

type Table = typeof table;
export type RouteName = keyof Table;
type PathOf<N extends RouteName> = Table[N]['path'];
export type RouteOf<N extends RouteName> = AppRoute<N, PathOf<N>>;

function toRoute<N extends RouteName>(name: N, def: RouteDef<PathOf<N>>): RouteOf<N> {
  const { Screen, preload } = lazyScreen(def.load, `Route(${name})`);
  return {
    name,
    path: def.path,
    title: def.title,
    area: def.area,
    guarded: def.guarded,
    keepAlive: def.keepAlive,
    Screen,
    preload,
    getHref: (...args: HrefArgs<PathOf<N>>) => buildHref(def.path, args[0] as Record<string, string | number | null | undefined> | undefined, args[1]),
  };
}

/** Every route by name: routes.about.getHref({ liveid }, { from: 'weapp' }). */
export const routes = Object.fromEntries(
  (Object.keys(table) as RouteName[]).map((name) => [name, toRoute(name, table[name] as RouteDef<PathOf<typeof name>>)]),
) as { readonly [N in RouteName]: RouteOf<N> };

/** The same routes as a list, in table order (matching order). */
export const routeList: readonly RouteOf<RouteName>[] = Object.values(routes);

/** Link to any route by name, for code that picks the target at run time. */
export function getHref<N extends RouteName>(name: N, ...args: HrefArgs<PathOf<N>>): string {
  return (routes[name].getHref as (...a: HrefArgs<PathOf<N>>) => string)(...args);
}
