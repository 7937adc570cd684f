import type { ScreenLoader } from './types';

import type { RouteName } from '@/routes';

/*
 * Which screen each route shows: the one place that maps route names (src/routes, pure data)
 * to feature screens. Each loader is a literal import() so webpack gives every screen its own
 * chunk; the app layer may import features, features never import this. Screens of the workbench, the
 * store and the invitations go unnamed: every chunk name is a string in the first-load runtime.
 */
/**
 * The areas a customer on the home list never opens (workbench, store, invitations) have their loaders in
 * one small chunk per area: their dozens of import() expressions (each naming its shared chunks) stay out
 * of the home route's first load, at the cost of one small extra fetch before the first screen of an area.
 */
function area<N extends RouteName>(
  load: () => Promise<{ loaders: Record<N, ScreenLoader> }>,
  names: readonly N[],
): Record<N, ScreenLoader> {
  const out = {} as Record<N, ScreenLoader>;
  for (const name of names) out[name] = () => load().then((m) => m.loaders[name]());
  return out;
}

export const screenLoaders: { readonly [N in RouteName]: ScreenLoader } = {
  home: () => import(/* webpackChunkName: "home" */ '../../features/lives/screens/HomeScreen'),
  about: () => import(/* webpackChunkName: "about" */ '../../features/lives/screens/AboutScreen'),
  liveDetail: () => import(/* webpackChunkName: "liveDetail" */ '../../features/lives/screens/LiveDetailScreen'),
  liveH5Detail: () => import(/* webpackChunkName: "liveH5Detail" */ '../../features/lives/screens/LiveH5DetailScreen'),
  playBack: () => import(/* webpackChunkName: "playBack" */ '../../features/lives/screens/PlayBackScreen'),
  liveEnd: () => import(/* webpackChunkName: "liveEnd" */ '../../features/lives/screens/LiveEndScreen'),
  leaveMessagePage: () =>
    import(/* webpackChunkName: "leaveMessagePage" */ '../../features/lives/screens/LeaveMessagePageScreen'),
  preheatDetail: () =>
    import(/* webpackChunkName: "preheatDetail" */ '../../features/lives/screens/PreheatDetailScreen'),
  preheatDetailV2: () =>
    import(/* webpackChunkName: "preheatDetailV2" */ '../../features/lives/screens/PreheatDetailV2Screen'),
  preheatDetailGopher: () =>
    import(/* webpackChunkName: "preheatDetailGopher" */ '../../features/lives/screens/PreheatDetailGopherScreen'),
  liveMiniApp: () => import(/* webpackChunkName: "liveMiniApp" */ '../../features/lives/screens/LiveMiniAppScreen'),
  cloudMettingActivity: () =>
    import(/* webpackChunkName: "cloudMettingActivity" */ '../../features/lives/screens/CloudMettingActivityScreen'),
  tactfulOnline: () =>
    import(/* webpackChunkName: "tactfulOnline" */ '../../features/lives/screens/TactfulOnlineScreen'),
  tactfulReport: () =>
    import(/* webpackChunkName: "tactfulReport" */ '../../features/lives/screens/TactfulReportScreen'),
  summaryView: () => import(/* webpackChunkName: "summaryView" */ '../../features/lives/screens/SummaryViewScreen'),
  kycIndex: () => import(/* webpackChunkName: "kycIndex" */ '../../features/lives/screens/KycIndexScreen'),
  kycH5: () => import(/* webpackChunkName: "kycH5" */ '../../features/lives/screens/KycH5Screen'),
  crmHoliday: () => import(/* webpackChunkName: "crmHoliday" */ '../../features/lives/screens/CrmHolidayScreen'),
  hedgeFund: () => import(/* webpackChunkName: "hedgeFund" */ '../../features/lives/screens/HedgeFundScreen'),
  mutualFund: () => import(/* webpackChunkName: "mutualFund" */ '../../features/lives/screens/MutualFundScreen'),
  annualMeeting: () =>
    import(/* webpackChunkName: "annualMeeting" */ '../../features/lives/screens/AnnualMeetingScreen'),
  ...area(
    () => import(/* webpackChunkName: "area-knowledge" */ './areas/knowledge'),
    [
      'expertMore',
      'coreMemberDetail',
      'shopIndex',
      'productList',
      'shopList',
      'articleDetail',
      'questionList',
      'questionDetail',
      'guide',
      'agencyViews',
      'fundDetail',
      'contentRecognition',
      'storeReview',
    ],
  ),
  ...area(
    () => import(/* webpackChunkName: "area-marketing" */ './areas/marketing'),
    [
      'rateDetail',
      'touguRateDetail',
      'fundInDetail',
      'touguFundDetail',
      'purposeDetail',
      'rateShareDetail',
      'perspectiveDetail',
      'personDetail',
      'marketMapIndex',
      'searchIndex',
      'baseStock',
      'config',
      'ignoreIndex',
      'ignoreDetail',
      'publicShareDetail',
      'oppDetail',
      'materials',
      'productImagePdf',
      'pdf',
      'materialDetail',
      'iframe',
      'appH5',
      'table',
      'userlist',
      'forwardingAssistant',
      'materialRadar',
      'productHolders',
      'waitingIndex',
      'survivaList',
      'adviserMine',
      'readMaterial',
    ],
  ),
  ...area(
    () => import(/* webpackChunkName: "area-invitation" */ './areas/invitation'),
    ['record', 'wechatH5', 'download', 'rules'],
  ),
  ...area(
    () => import(/* webpackChunkName: "area-staff" */ './areas/staff'),
    ['expertAnswers', 'reviewDesk', 'complianceLog'],
  ),
  jumpToMini: () => import(/* webpackChunkName: "jumpToMini" */ '../../features/helpers/screens/JumpToMiniScreen'),
  jumpToMeeting: () =>
    import(/* webpackChunkName: "jumpToMeeting" */ '../../features/helpers/screens/JumpToMeetingScreen'),
  follow: () => import(/* webpackChunkName: "follow" */ '../../features/helpers/screens/FollowScreen'),
  jumpToWxAuth: () =>
    import(/* webpackChunkName: "jumpToWxAuth" */ '../../features/session/screens/JumpToWxAuthScreen'),
  test: () => import(/* webpackChunkName: "test" */ '../../features/helpers/screens/TestScreen'),
  login: () => import(/* webpackChunkName: "login" */ '../../features/session/screens/LoginScreen'),
  mine: () => import(/* webpackChunkName: "mine" */ './MineRoute'),
  errorTest: () => import(/* webpackChunkName: "errorTest" */ '../../features/tracking/screens/ErrorTestScreen'),
  replay: () => import(/* webpackChunkName: "replay" */ '../replay/ReplayScreen'),
};
