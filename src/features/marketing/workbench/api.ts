// The marketing-map requests (docs/rules/services.md#marketing-map, base /market_map_url): one function per endpoint. The client signs
// each with the adviser's sid and reports failures with the request signature as a tag (docs/rules/errors.md#marketing-map-failures).
import { type CancellablePromise, requestData, type ServiceClients } from '@/api';
import type {
  CardListQuery,
  CardPage,
  CardSnoozeRequest,
  CardStateResult,
  CardStats,
  ChanceDetail,
  ChanceListQuery,
  ClueHandleResult,
  ClueHandleSubmitRequest,
  ClueListQuery,
  CluePage,
  FeedbackCancelRequest,
  FeedbackCancelResult,
  HandleOption,
  RankData,
  RankRequest,
  RuleSettings,
  RuleSettingsSetRequest,
  SearchKeywordRequest,
  SearchResult,
  SetHandlingRequest,
  SetHandlingResult,
  TagItem,
  UserListQuery,
  UserPage,
} from '@/api/contract/market-map';
import { isChanceTypeData } from '@/api/generated/market-map';
import {
  isCardPage,
  isCardStateResult,
  isCardStats,
  isChanceDetail,
  isFeedbackCancelResult,
  isTagItem,
  isUserPage,
} from '@/api/generated/market-map-cards';
import {
  isClueHandleResult,
  isCluePage,
  isHandleOption,
  isRankData,
  isSetHandlingResult,
} from '@/api/generated/market-map-clues';
import { isRuleSettings, isSearchResult } from '@/api/generated/market-map-settings';
import { isArrayOf, isRecord } from '@/lib/guards';

type Clients = Pick<ServiceClients, 'marketMap'>;
type Req<T> = CancellablePromise<T | null>;

/** `{ list: T[] }` answers: the item guard is generated, the wrapper is one line. */
const listOf =
  <T>(item: (v: unknown) => v is T) =>
  (v: unknown): v is { list: T[] } =>
    isRecord(v) && isArrayOf(v.list, item);

const get = <T>(clients: Clients, url: string, params: object | undefined, check: (v: unknown) => v is T): Req<T> =>
  requestData(clients.marketMap, { method: 'GET', url, params }, check);
const post = <T>(clients: Clients, url: string, data: object, check: (v: unknown) => v is T): Req<T> =>
  requestData(clients.marketMap, { method: 'POST', url, data }, check);

/** GET /chance/type: the four families with open-card counts. */
export const fetchChanceTypes = (c: Clients) => get(c, '/chance/type', undefined, isChanceTypeData);
/** GET /chance-card/list: open cards of the workbench, cursor paging. */
export const fetchCardList = (c: Clients, q: CardListQuery): Req<CardPage> =>
  get(c, '/chance-card/list', q, isCardPage);
/** GET /chance-card/tag-list: my customers' tags. */
export const fetchTagList = (c: Clients): Req<{ list: TagItem[] }> =>
  get(c, '/chance-card/tag-list', undefined, listOf(isTagItem));
/** GET /chance-card/user-list: my customers. */
export const fetchUserList = (c: Clients, q: UserListQuery): Req<UserPage> =>
  get(c, '/chance-card/user-list', q, isUserPage);
/** GET /chance-card/stats: today's numbers. */
export const fetchCardStats = (c: Clients): Req<CardStats> => get(c, '/chance-card/stats', undefined, isCardStats);
/** POST /chance-card/check: new → viewed. */
export const checkCard = (c: Clients, cardId: number): Req<CardStateResult> =>
  post(c, '/chance-card/check', { card_id: cardId }, isCardStateResult);
/** POST /chance-card/snooze. */
export const snoozeCard = (c: Clients, req: CardSnoozeRequest): Req<CardStateResult> =>
  post(c, '/chance-card/snooze', req, isCardStateResult);
/** GET /chance/list: cards by state (ignored for ignoreIndex). */
export const fetchChanceList = (c: Clients, q: ChanceListQuery): Req<CardPage> => get(c, '/chance/list', q, isCardPage);
/** GET /chance/detail. */
export const fetchChanceDetail = (c: Clients, cardId: number): Req<ChanceDetail> =>
  get(c, '/chance/detail', { card_id: cardId }, isChanceDetail);
/** GET /clue/list: my clues. */
export const fetchClueList = (c: Clients, q: ClueListQuery): Req<CluePage> => get(c, '/clue/list', q, isCluePage);
/** GET /clue-handle/options. */
export const fetchHandleOptions = (c: Clients): Req<{ list: HandleOption[] }> =>
  get(c, '/clue-handle/options', undefined, listOf(isHandleOption));
/** POST /clue-handle/submit: idempotent by idempotency_key. */
export const submitClueHandle = (c: Clients, req: ClueHandleSubmitRequest): Req<ClueHandleResult> =>
  post(c, '/clue-handle/submit', req, isClueHandleResult);
/** POST /clue-handle/set-handling. */
export const setHandling = (c: Clients, req: SetHandlingRequest): Req<SetHandlingResult> =>
  post(c, '/clue-handle/set-handling', req, isSetHandlingResult);
/** POST /clue-handle/rank. */
export const fetchRank = (c: Clients, req: RankRequest): Req<RankData> => post(c, '/clue-handle/rank', req, isRankData);
/** POST /search/keyword. */
export const searchKeyword = (c: Clients, req: SearchKeywordRequest): Req<SearchResult> =>
  post(c, '/search/keyword', req, isSearchResult);
/** GET /rule-settings/index. */
export const fetchRuleSettings = (c: Clients): Req<RuleSettings> =>
  get(c, '/rule-settings/index', undefined, isRuleSettings);
/** POST /rule-settings/set: answers the whole settings. */
export const saveRuleSettings = (c: Clients, req: RuleSettingsSetRequest): Req<RuleSettings> =>
  post(c, '/rule-settings/set', req, isRuleSettings);
/** POST /feedback/cancel: ignore with a reason, or restore. */
export const feedbackCancel = (c: Clients, req: FeedbackCancelRequest): Req<FeedbackCancelResult> =>
  post(c, '/feedback/cancel', req, isFeedbackCancelResult);
