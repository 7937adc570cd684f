// The marketing area's shared kit: load states, money and date wording, sheets and toasts, the sagas' failure helpers.
// Public surface: sibling sub-features and the app import only this file.
export { cardDetailHref, customerHref } from './components/card-href';
export { CardHead } from './components/CardHead';
export { Figures } from './components/Figures';
export {
  CARD_STATE_NAMES,
  followUpText,
  formatAge,
  formatMoney,
  highlightParts,
  holdingText,
  PRIORITY_NAMES,
  reasonTitle,
  tierLine,
} from './components/format';
export { useNow } from './components/hooks';
export {
  ADVISORY_ACTIONS,
  BEHAVIOUR_NAMES,
  behaviourDetail,
  formatTime,
  formatYuan,
  idParam,
  moneyFlowTitle,
  readDetail,
  signedPct,
  SUGGESTED_ACTIONS,
  TIER_NAMES,
  TRANSACTION_NAMES,
  TRANSACTION_STATUS,
} from './components/labels';
export { InlineListState, InlineMore, SearchBar, useKeywordSearch } from './components/ListParts';
export { BadLink, LoadState } from './components/LoadState';
export { nextPageLabel, PagedFoot } from './components/PagedFoot';
export { RiskLevelTag } from './components/RiskLevelTag';
export { Sheet, SheetActions } from './components/Sheet';
export { ListSkeleton, Toast } from './components/Toast';
export type { LoadStatus, PagedStatus } from './store/marketing-types';
export { failureInfo, isRetriable, marketClients, NO_DATA, nowMs } from './store/saga-helpers';
export type { ShareAnswer } from './store/wecom-send-saga';
export { inChinese, shareThroughWecom } from './store/wecom-send-saga';
// Pull-to-refresh's settle hook lives beside PullRefresh in src/ui; the marketing screens reach it here.
