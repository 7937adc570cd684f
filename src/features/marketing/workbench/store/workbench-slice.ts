import {
  createEntityAdapter,
  createSlice,
  type EntityState,
  type PayloadAction,
  type WithSlice,
} from '@reduxjs/toolkit';

import type {
  CardAction,
  CardOrder,
  HandleDraft,
  HandleTarget,
  QueuedSubmit,
  WorkbenchFilter,
  WorkbenchTab,
} from './workbench-types';

import type { ApiErrorInfo } from '@/api';
import type {
  CardItem,
  CardPage,
  CardStateResult,
  ChanceGroup,
  ChanceTypeData,
  ClueHandleResult,
  ClueItem,
  CluePage,
  HandleOption,
  IgnoreReason,
  RankData,
  TagItem,
} from '@/api/contract/market-map';
import { OPEN_CARD_STATES } from '@/api/contract/market-map-constants';
import type { LoadStatus, PagedStatus } from '@/features/marketing/shared';
import { injectSlice, statusAfterFailure } from '@/store';

export const cardsAdapter = createEntityAdapter<CardItem, number>({ selectId: (c) => c.card_id });
export const cluesAdapter = createEntityAdapter<ClueItem, number>({ selectId: (c) => c.clue_id });

interface Paging {
  status: PagedStatus;
  /** The filter the cursor belongs to: a filter change starts a new paging. */
  key: string;
  cursor: string | null;
  hasMore: boolean;
  total: number;
  error: ApiErrorInfo | null;
}

export interface WorkbenchState {
  filter: WorkbenchFilter;
  cards: EntityState<CardItem, number>;
  paging: Paging;
  clues: EntityState<ClueItem, number> & { paging: Paging };
  types: { status: LoadStatus; data: ChanceTypeData | null };
  tags: TagItem[];
  busy: Record<number, CardAction>;
  /** One line for the toast (an action done, a demotion learned, an error). */
  notice: { text: string; at: number } | null;
  options: { status: LoadStatus; list: HandleOption[] };
  rank: { status: LoadStatus; data: RankData | null };
  queue: QueuedSubmit[];
  /** The queue was read back from storage (so a save never overwrites it with the empty start). */
  queueRestored: boolean;
}

const newPaging = (key: string): Paging => ({
  status: 'idle',
  key,
  cursor: null,
  hasMore: true,
  total: 0,
  error: null,
});

/** The server query a filter stands for (tab excluded): a new key means paging from the start. */
export const filterKey = (f: Pick<WorkbenchFilter, 'group' | 'tags' | 'order'>) =>
  `${f.group ?? 'all'}|${[...f.tags].sort().join(',')}|${f.order}`;

const initialFilter: WorkbenchFilter = { tab: 'chance', group: null, tags: [], order: 'priority' };
const initialState: WorkbenchState = {
  filter: initialFilter,
  cards: cardsAdapter.getInitialState(),
  paging: newPaging(filterKey(initialFilter)),
  clues: { ...cluesAdapter.getInitialState(), paging: newPaging('clues') },
  types: { status: 'idle', data: null },
  tags: [],
  busy: {},
  notice: null,
  options: { status: 'idle', list: [] },
  rank: { status: 'idle', data: null },
  queue: [],
  queueRestored: false,
};

const busyPaging = (p: Paging) => p.status === 'loading' || p.status === 'refreshing' || p.status === 'loadingMore';

function applyState(
  state: WorkbenchState,
  r: Pick<CardStateResult, 'card_id' | 'state'> & { snooze_until?: string | null },
) {
  const card = state.cards.entities[r.card_id];
  if (!card) return;
  card.state = r.state as CardItem['state'];
  if (r.snooze_until !== undefined) card.snooze_until = r.snooze_until;
}

const OPEN_STATES = new Set<string>(OPEN_CARD_STATES);

/**
 * Moves the counts a card stands in (its category, its family, 全部 and the list's total) by `by`:
 * the bar and the chips change with the action, and the next read of the counts reconciles them.
 */
function shiftCounts(state: WorkbenchState, card: CardItem, by: 1 | -1) {
  const data = state.types.data;
  if (data) {
    data.total = Math.max(0, data.total + by);
    const family = data.list.find((g) => g.group === card.group);
    if (family) {
      family.count = Math.max(0, family.count + by);
      const category = family.categories.find((c) => c.category_id === card.category_id);
      if (category) category.count = Math.max(0, category.count + by);
    }
  }
  state.paging.total = Math.max(0, state.paging.total + by);
}

/** Snooze and ignore take the card off the counts when asked; the answer or the failure settles them. */
const LEAVING: ReadonlySet<CardAction> = new Set(['snooze', 'ignore']);

export const workbenchSlice = createSlice({
  name: 'workbench',
  initialState,
  reducers: {
    /** The workbench opened (or came back from keep-alive): loads only what it does not have. */
    workbenchOpened() {},
    workbenchClosed() {},
    workbenchTabChosen(state, action: PayloadAction<{ tab: WorkbenchTab }>) {
      state.filter.tab = action.payload.tab;
    },
    workbenchFilterChanged(
      state,
      action: PayloadAction<{ group?: ChanceGroup | null; tags?: string[]; order?: CardOrder }>,
    ) {
      const { group, tags, order } = action.payload;
      if (group !== undefined) state.filter.group = group;
      if (tags !== undefined) state.filter.tags = tags;
      if (order !== undefined) state.filter.order = order;
      const key = filterKey(state.filter);
      // Loaded cards matching the new filter show at once (selectors); the server's first page follows.
      if (key !== state.paging.key) state.paging = { ...newPaging(key), status: 'loading' };
    },
    cardListRequested(state, action: PayloadAction<{ mode: 'first' | 'refresh' | 'more' }>) {
      const { mode } = action.payload;
      if (mode === 'more' && (busyPaging(state.paging) || !state.paging.hasMore || state.paging.cursor === null))
        return;
      state.paging.status = mode === 'first' ? 'loading' : mode === 'refresh' ? 'refreshing' : 'loadingMore';
      state.paging.error = null;
    },
    cardListLoaded(state, action: PayloadAction<{ key: string; page: CardPage; replace: boolean }>) {
      const { key, page, replace } = action.payload;
      if (key !== state.paging.key) return;
      if (replace) cardsAdapter.setAll(state.cards, page.list);
      else cardsAdapter.upsertMany(state.cards, page.list);
      state.paging = {
        status: 'loaded',
        key,
        cursor: page.next_cursor,
        hasMore: page.next_cursor !== null,
        total: page.total,
        error: null,
      };
    },
    cardListLoadFailed(state, action: PayloadAction<{ key: string; error: ApiErrorInfo }>) {
      if (action.payload.key !== state.paging.key) return;
      state.paging.status = statusAfterFailure(state.paging.status, state.cards.ids.length > 0);
      state.paging.error = action.payload.error;
    },
    /** A poll found the first page again: merged, cursor untouched, the total as the server counts it now. */
    cardListPolled(state, action: PayloadAction<{ key: string; list: CardItem[]; total: number }>) {
      cardsAdapter.upsertMany(state.cards, action.payload.list);
      if (action.payload.key === state.paging.key) state.paging.total = action.payload.total;
    },
    chanceTypesLoaded(state, action: PayloadAction<ChanceTypeData>) {
      state.types = { status: 'loaded', data: action.payload };
    },
    chanceTypesLoadFailed(state) {
      if (state.types.status !== 'loaded') state.types.status = 'failed';
    },
    /** A screen needs the tag chips (userlist); the workbench loads them with its first open. */
    tagListRequested() {},
    tagListLoaded(state, action: PayloadAction<{ list: TagItem[] }>) {
      state.tags = action.payload.list;
    },
    clueListRequested(state, action: PayloadAction<{ mode: 'first' | 'refresh' | 'more' }>) {
      const p = state.clues.paging;
      if (action.payload.mode === 'more' && (busyPaging(p) || !p.hasMore)) return;
      p.status =
        action.payload.mode === 'first' ? 'loading' : action.payload.mode === 'refresh' ? 'refreshing' : 'loadingMore';
      p.error = null;
    },
    clueListLoaded(state, action: PayloadAction<{ page: CluePage; replace: boolean }>) {
      const { page, replace } = action.payload;
      if (replace) cluesAdapter.setAll(state.clues, page.list);
      else cluesAdapter.upsertMany(state.clues, page.list);
      state.clues.paging = {
        status: 'loaded',
        key: 'clues',
        cursor: page.next_cursor,
        hasMore: page.next_cursor !== null,
        total: page.total,
        error: null,
      };
    },
    clueListLoadFailed(state, action: PayloadAction<{ error: ApiErrorInfo }>) {
      const p = state.clues.paging;
      p.status = statusAfterFailure(p.status, state.clues.ids.length > 0);
      p.error = action.payload.error;
    },
    /** Tapping a card: it opens its detail and is marked viewed. */
    cardOpened(state, action: PayloadAction<{ cardId: number }>) {
      const card = state.cards.entities[action.payload.cardId];
      if (card?.state === 'new') card.state = 'viewed';
    },
    cardHandlingRequested(state, action: PayloadAction<{ target: HandleTarget }>) {
      const id = action.payload.target.card_id;
      if (id !== undefined) state.busy[id] = 'handling';
    },
    cardSnoozeRequested(state, action: PayloadAction<{ cardId: number; until: string }>) {
      const card = state.cards.entities[action.payload.cardId];
      if (card && OPEN_STATES.has(card.state) && !state.busy[card.card_id]) shiftCounts(state, card, -1);
      state.busy[action.payload.cardId] = 'snooze';
    },
    cardIgnoreRequested(state, action: PayloadAction<{ cardId: number; reason: IgnoreReason; ignoreText?: string }>) {
      const card = state.cards.entities[action.payload.cardId];
      if (card && OPEN_STATES.has(card.state) && !state.busy[card.card_id]) shiftCounts(state, card, -1);
      state.busy[action.payload.cardId] = 'ignore';
    },
    /** Any card action's answer: the card's new state. */
    cardStateChanged(
      state,
      action: PayloadAction<{ cardId: number; state: string; snoozeUntil?: string | null; notice: string; at: number }>,
    ) {
      const { cardId, notice, at } = action.payload;
      const card = state.cards.entities[cardId];
      const counted = LEAVING.has(state.busy[cardId]!) ? false : card ? OPEN_STATES.has(card.state) : false;
      const stays = OPEN_STATES.has(action.payload.state);
      // Counted open but answered closed (or the reverse): the counts follow before the re-read.
      if (card && counted !== stays) shiftCounts(state, card, stays ? 1 : -1);
      delete state.busy[cardId];
      applyState(state, {
        card_id: cardId,
        state: action.payload.state as CardItem['state'],
        snooze_until: action.payload.snoozeUntil,
      });
      if (notice) state.notice = { text: notice, at };
    },
    clueStateChanged(state, action: PayloadAction<{ clueId: number; state: string }>) {
      const clue = state.clues.entities[action.payload.clueId];
      if (clue) clue.state = action.payload.state as ClueItem['state'];
    },
    cardActionFailed(state, action: PayloadAction<{ cardId: number | null; error: ApiErrorInfo; at: number }>) {
      const { cardId } = action.payload;
      const card = cardId !== null ? state.cards.entities[cardId] : undefined;
      // The optimistic step is taken back: the card stays where it was.
      if (card && LEAVING.has(state.busy[card.card_id]!) && OPEN_STATES.has(card.state)) shiftCounts(state, card, 1);
      if (cardId !== null) delete state.busy[cardId];
      state.notice = { text: action.payload.error.message, at: action.payload.at };
    },
    workbenchNoticeDismissed(state) {
      state.notice = null;
    },
    handleOptionsLoaded(state, action: PayloadAction<{ list: HandleOption[] }>) {
      state.options = { status: 'loaded', list: action.payload.list };
    },
    handleOptionsLoadFailed(state) {
      state.options.status = 'failed';
    },
    rankRequested(state) {
      state.rank.status = 'loading';
    },
    rankLoaded(state, action: PayloadAction<RankData>) {
      state.rank = { status: 'loaded', data: action.payload };
    },
    rankLoadFailed(state) {
      state.rank.status = 'failed';
    },
    /** The handling sheet's 提交: the saga gives it a key and puts it in the outbox. */
    handleSubmitted(_state, _action: PayloadAction<{ draft: HandleDraft; customerName: string }>) {},
    clueQueueRestored(state, action: PayloadAction<{ queue: QueuedSubmit[] }>) {
      const known = new Set(state.queue.map((q) => q.key));
      // Entries stored by an earlier page load come back as pending; anything already here stays.
      state.queue = [
        ...action.payload.queue.filter((q) => !known.has(q.key)).map((q) => ({ ...q, status: 'pending' as const })),
        ...state.queue,
      ];
      state.queueRestored = true;
    },
    clueSubmitQueued(state, action: PayloadAction<QueuedSubmit>) {
      state.queue.push(action.payload);
    },
    clueSubmitSending(state, action: PayloadAction<{ key: string }>) {
      const entry = state.queue.find((q) => q.key === action.payload.key);
      if (entry) {
        entry.status = 'sending';
        entry.attempts += 1;
      }
    },
    /** Offline or cut off: kept, sent again when the network returns. */
    clueSubmitDeferred(state, action: PayloadAction<{ key: string; error: ApiErrorInfo }>) {
      const entry = state.queue.find((q) => q.key === action.payload.key);
      if (entry) Object.assign(entry, { status: 'pending', error: action.payload.error });
    },
    clueSubmitSucceeded(state, action: PayloadAction<{ key: string; result: ClueHandleResult; at: number }>) {
      state.queue = state.queue.filter((q) => q.key !== action.payload.key);
      const { card_id: cardId, clue_id: clueId, state: next, next_follow_up: followUp } = action.payload.result;
      if (cardId !== null) {
        const card = state.cards.entities[cardId];
        if (card && OPEN_STATES.has(card.state) && !OPEN_STATES.has(next)) shiftCounts(state, card, -1);
        delete state.busy[cardId];
        applyState(state, { card_id: cardId, state: next as CardItem['state'] });
        if (card) card.next_follow_up = followUp;
      }
      const clue = clueId !== null ? state.clues.entities[clueId] : undefined;
      if (clue) Object.assign(clue, { state: next as ClueItem['state'], next_follow_up: followUp });
      state.notice = { text: '处理结果已提交', at: action.payload.at };
    },
    clueSubmitRejected(state, action: PayloadAction<{ key: string; error: ApiErrorInfo }>) {
      const entry = state.queue.find((q) => q.key === action.payload.key);
      if (entry) Object.assign(entry, { status: 'failed', error: action.payload.error });
    },
    clueSubmitDiscarded(state, action: PayloadAction<{ key: string }>) {
      state.queue = state.queue.filter((q) => q.key !== action.payload.key);
    },
    /** The browser said it is online again (or the adviser tapped 重新发送). */
    clueQueueFlushRequested() {},
  },
});

export const {
  workbenchOpened,
  workbenchClosed,
  workbenchTabChosen,
  workbenchFilterChanged,
  cardListRequested,
  cardListLoaded,
  cardListLoadFailed,
  cardListPolled,
  chanceTypesLoaded,
  chanceTypesLoadFailed,
  tagListRequested,
  tagListLoaded,
  clueListRequested,
  clueListLoaded,
  clueListLoadFailed,
  cardOpened,
  cardHandlingRequested,
  cardSnoozeRequested,
  cardIgnoreRequested,
  cardStateChanged,
  clueStateChanged,
  cardActionFailed,
  workbenchNoticeDismissed,
  handleOptionsLoaded,
  handleOptionsLoadFailed,
  rankRequested,
  rankLoaded,
  rankLoadFailed,
  handleSubmitted,
  clueQueueRestored,
  clueSubmitQueued,
  clueSubmitSending,
  clueSubmitDeferred,
  clueSubmitSucceeded,
  clueSubmitRejected,
  clueSubmitDiscarded,
  clueQueueFlushRequested,
} = workbenchSlice.actions;

/** Lazy slice: the marketing screens' chunks import this file, which injects it. */
declare module '@/store/root-reducer' {
  export interface LazyLoadedSlices extends WithSlice<typeof workbenchSlice> {}
}

export const selectWorkbench = injectSlice(workbenchSlice);
