import type { Action } from '@reduxjs/toolkit';
import { all, call, delay, put, race, select, take, takeEvery, takeLatest, takeLeading } from 'redux-saga/effects';

import * as api from '../api';
import { cardRestored } from './pages-slice';
import {
  cardActionFailed,
  cardHandlingRequested,
  cardIgnoreRequested,
  cardListLoaded,
  cardListLoadFailed,
  cardListPolled,
  cardListRequested,
  cardOpened,
  cardSnoozeRequested,
  cardStateChanged,
  chanceTypesLoaded,
  chanceTypesLoadFailed,
  clueListLoaded,
  clueListLoadFailed,
  clueListRequested,
  clueStateChanged,
  clueSubmitSucceeded,
  handleOptionsLoaded,
  handleOptionsLoadFailed,
  rankLoaded,
  rankLoadFailed,
  rankRequested,
  selectWorkbench,
  tagListLoaded,
  tagListRequested,
  workbenchClosed,
  workbenchFilterChanged,
  workbenchOpened,
  type WorkbenchState,
  workbenchTabChosen,
} from './workbench-slice';

import type { ApiErrorInfo, ServiceClients } from '@/api';
import type {
  CardListQuery,
  CardPage,
  CardStateResult,
  ChanceTypeData,
  CluePage,
  FeedbackCancelResult,
  HandleOption,
  RankData,
  SetHandlingResult,
  TagItem,
} from '@/api/contract/market-map';
import { CHANCE_CATEGORY_NAMES, IGNORE_REASON_NAMES } from '@/api/contract/market-map-constants';
import { failureInfo, marketClients, NO_DATA, nowMs } from '@/features/marketing/shared';

export const CARD_PAGE_SIZE = 50;
/** Live counts and new cards (a live question becomes a card within a minute): asked this often while the workbench is on screen. */
export const WORKBENCH_POLL_MS = 20_000;

const isMore = (a: Action) =>
  a.type === cardListRequested.type && (a as ReturnType<typeof cardListRequested>).payload.mode === 'more';
const isReload = (a: Action) =>
  a.type === workbenchFilterChanged.type || (a.type === cardListRequested.type && !isMore(a));
const isMoreClues = (a: Action) =>
  a.type === clueListRequested.type && (a as ReturnType<typeof clueListRequested>).payload.mode === 'more';
const isReloadClues = (a: Action) => a.type === clueListRequested.type && !isMoreClues(a);

export function cardQuery(w: WorkbenchState, withCursor: boolean): CardListQuery {
  const { group, tags, order } = w.filter;
  return {
    order,
    limit: CARD_PAGE_SIZE,
    ...(group ? { group } : {}),
    ...(tags.length > 0 ? { tags: tags.join(',').slice(0, 200) } : {}),
    ...(withCursor && w.paging.cursor ? { cursor: w.paging.cursor } : {}),
  };
}

/** One page of the card list for the filter in the store (first, refresh or next). */
export function* loadCards(action: Action) {
  const w: WorkbenchState = yield select(selectWorkbench);
  const { status, key } = w.paging;
  // The reducer refused a "more" while another load was out: nothing to ask.
  if (isMore(action) ? status !== 'loadingMore' : status !== 'loading' && status !== 'refreshing') return;
  const clients: ServiceClients = yield call(marketClients);
  try {
    const page: CardPage | null = yield call(api.fetchCardList, clients, cardQuery(w, status === 'loadingMore'));
    if (!page) throw NO_DATA;
    yield put(cardListLoaded({ key, page, replace: status === 'refreshing' }));
  } catch (error) {
    yield put(cardListLoadFailed({ key, error: error === NO_DATA ? NO_DATA : yield call(failureInfo, error) }));
  }
  // Counts follow every reload of the list.
  if (status !== 'loadingMore') yield call(loadTypes);
}

export function* loadTypes() {
  const clients: ServiceClients = yield call(marketClients);
  try {
    const data: ChanceTypeData | null = yield call(api.fetchChanceTypes, clients);
    if (data) yield put(chanceTypesLoaded(data));
  } catch (error) {
    yield call(failureInfo, error);
    yield put(chanceTypesLoadFailed());
  }
}

function* loadTags() {
  const clients: ServiceClients = yield call(marketClients);
  try {
    const data: { list: TagItem[] } | null = yield call(api.fetchTagList, clients);
    if (data) yield put(tagListLoaded(data));
  } catch {
    // The tag row stays empty; the cards still show.
  }
}

export function* loadOptions() {
  const clients: ServiceClients = yield call(marketClients);
  try {
    const data: { list: HandleOption[] } | null = yield call(api.fetchHandleOptions, clients);
    yield put(data ? handleOptionsLoaded(data) : handleOptionsLoadFailed());
  } catch {
    yield put(handleOptionsLoadFailed());
  }
}

export function* loadClues(action: Action) {
  const w: WorkbenchState = yield select(selectWorkbench);
  const p = w.clues.paging;
  if (isMoreClues(action) ? p.status !== 'loadingMore' : p.status !== 'loading' && p.status !== 'refreshing') return;
  const clients: ServiceClients = yield call(marketClients);
  try {
    const page: CluePage | null = yield call(api.fetchClueList, clients, {
      limit: CARD_PAGE_SIZE,
      ...(p.status === 'loadingMore' && p.cursor ? { cursor: p.cursor } : {}),
    });
    if (!page) throw NO_DATA;
    yield put(clueListLoaded({ page, replace: p.status !== 'loadingMore' }));
  } catch (error) {
    yield put(clueListLoadFailed({ error: error === NO_DATA ? NO_DATA : yield call(failureInfo, error) }));
  }
}

/** While the workbench is on screen: counts and the first page again, merged (new cards slot in). */
function* pollWorkbench() {
  for (;;) {
    yield delay(WORKBENCH_POLL_MS);
    if (typeof document !== 'undefined' && document.visibilityState === 'hidden') continue;
    const w: WorkbenchState = yield select(selectWorkbench);
    const clients: ServiceClients = yield call(marketClients);
    try {
      const page: CardPage | null = yield call(api.fetchCardList, clients, cardQuery(w, false));
      if (page) yield put(cardListPolled({ key: w.paging.key, list: page.list, total: page.total }));
    } catch {
      // A missed poll is retried by the next one.
    }
    yield call(loadTypes);
    // A tag row that failed to load (offline at open) is asked for again rather than left empty for the visit.
    if (w.tags.length === 0) yield call(loadTags);
  }
}

/** Opening (or returning to) the workbench loads only what the store lacks, then keeps it fresh. */
function* workbenchSession() {
  const w: WorkbenchState = yield select(selectWorkbench);
  if (w.paging.status === 'idle') yield put(cardListRequested({ mode: 'first' }));
  else yield call(loadTypes);
  if (w.tags.length === 0) yield call(loadTags);
  if (w.options.status !== 'loaded') yield call(loadOptions);
  if (w.filter.tab === 'clue' && w.clues.paging.status === 'idle') yield put(clueListRequested({ mode: 'first' }));
  yield race({ poll: call(pollWorkbench), closed: take(workbenchClosed.type) });
}

function* onTabChosen(action: ReturnType<typeof workbenchTabChosen>) {
  const w: WorkbenchState = yield select(selectWorkbench);
  if (action.payload.tab === 'clue' && w.clues.paging.status === 'idle')
    yield put(clueListRequested({ mode: 'first' }));
}

function* checkOpenedCard(action: ReturnType<typeof cardOpened>) {
  const clients: ServiceClients = yield call(marketClients);
  try {
    yield call(api.checkCard, clients, action.payload.cardId);
  } catch (error) {
    // Marking viewed is best effort; the detail screen still opens.
    yield call(failureInfo, error);
  }
}

function* cardAction(cardId: number | null, run: () => Generator) {
  try {
    yield call(run);
  } catch (error) {
    const info: ApiErrorInfo = error === NO_DATA ? NO_DATA : yield call(failureInfo, error);
    yield put(cardActionFailed({ cardId, error: info, at: yield call(nowMs) }));
    // The request may have landed before the answer was lost: the counts are read again either way.
    yield call(loadTypes);
  }
}

export function* startHandling(action: ReturnType<typeof cardHandlingRequested>) {
  const { target } = action.payload;
  yield call(cardAction, target.card_id ?? null, function* run() {
    const clients: ServiceClients = yield call(marketClients);
    const r: SetHandlingResult | null = yield call(api.setHandling, clients, target);
    if (!r) throw NO_DATA;
    if (r.card_id !== null)
      yield put(cardStateChanged({ cardId: r.card_id, state: r.state, notice: '', at: yield call(nowMs) }));
    if (r.clue_id !== null) yield put(clueStateChanged({ clueId: r.clue_id, state: r.state }));
  });
}

export function* snooze(action: ReturnType<typeof cardSnoozeRequested>) {
  const { cardId, until } = action.payload;
  yield call(cardAction, cardId, function* run() {
    const clients: ServiceClients = yield call(marketClients);
    const r: CardStateResult | null = yield call(api.snoozeCard, clients, { card_id: cardId, until });
    if (!r) throw NO_DATA;
    const notice = `已暂缓至 ${until}，客户有新动态时会提前提醒`;
    yield put(cardStateChanged({ cardId, state: r.state, snoozeUntil: r.snooze_until, notice, at: yield call(nowMs) }));
    yield call(loadTypes);
  });
}

export function* ignore(action: ReturnType<typeof cardIgnoreRequested>) {
  const { cardId, reason, ignoreText: text } = action.payload;
  yield call(cardAction, cardId, function* run() {
    const clients: ServiceClients = yield call(marketClients);
    const r: FeedbackCancelResult | null = yield call(api.feedbackCancel, clients, {
      card_id: cardId,
      action: 'ignore',
      reason,
      ...(text ? { text: text.slice(0, 200) } : {}),
    });
    if (!r) throw NO_DATA;
    const w: WorkbenchState = yield select(selectWorkbench);
    const category = w.cards.entities[cardId]?.category_id;
    const demoted =
      r.category_demoted && category ? `；「${CHANCE_CATEGORY_NAMES[category]}」类商机将排得靠后，可在设置中撤销` : '';
    yield put(
      cardStateChanged({
        cardId,
        state: r.state,
        notice: `已忽略（${IGNORE_REASON_NAMES[reason]}）${demoted}`,
        at: yield call(nowMs),
      }),
    );
    yield call(loadTypes);
  });
}

/**
 * After 已成交 (a handling that closes the card) or 恢复, the counts are read again; a restored card
 * comes back on the list, so a list the adviser has seen is refreshed (which reads the counts too).
 */
export function* reconcileCounts(action: Action) {
  const w: WorkbenchState = yield select(selectWorkbench);
  if (action.type === cardRestored.type && w.paging.status === 'loaded')
    yield put(cardListRequested({ mode: 'refresh' }));
  else yield call(loadTypes);
}

function* loadRank() {
  const clients: ServiceClients = yield call(marketClients);
  try {
    const data: RankData | null = yield call(api.fetchRank, clients, { period: 'today' });
    yield put(data ? rankLoaded(data) : rankLoadFailed());
  } catch (error) {
    yield call(failureInfo, error);
    yield put(rankLoadFailed());
  }
}

export function* workbenchWatchers() {
  yield all([
    takeLatest([workbenchOpened.type, workbenchClosed.type], function* session(a: Action) {
      if (a.type === workbenchOpened.type) yield call(workbenchSession);
    }),
    // A newer filter or refresh makes an older answer irrelevant; "more" one page at a time.
    takeLatest(isReload, loadCards),
    takeLeading(isMore, loadCards),
    takeLatest(isReloadClues, loadClues),
    takeLeading(isMoreClues, loadClues),
    takeEvery(workbenchTabChosen.type, onTabChosen),
    takeEvery(cardOpened.type, checkOpenedCard),
    takeLeading(cardHandlingRequested.type, startHandling),
    takeEvery(cardSnoozeRequested.type, snooze),
    takeEvery(cardIgnoreRequested.type, ignore),
    takeLatest([clueSubmitSucceeded.type, cardRestored.type], reconcileCounts),
    takeLatest(rankRequested.type, loadRank),
    takeLatest(tagListRequested.type, loadTags),
  ]);
}
