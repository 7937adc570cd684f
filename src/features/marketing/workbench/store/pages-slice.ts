import { createSlice, type PayloadAction, type WithSlice } from '@reduxjs/toolkit';

import type { ApiErrorInfo } from '@/api';
import type {
  CardItem,
  CardPage,
  CardStats,
  ChanceDetail,
  RuleSettings,
  RuleSettingsSetRequest,
  SearchResult,
  UserListItem,
  UserListQuery,
  UserPage,
} from '@/api/contract/market-map';
import type { LoadStatus, PagedStatus } from '@/features/marketing/shared';
import { injectSlice, nextPageOpen, statusAfterFailure } from '@/store';

export type UserFilter = Required<Pick<UserListQuery, 'order'>> & {
  tag: string | null;
  risk: UserListQuery['risk_level'] | null;
};

/** How many recent keywords the search screen keeps. */
export const RECENT_SEARCH_MAX = 10;

export interface PagesState {
  search: {
    keyword: string;
    status: LoadStatus;
    result: SearchResult | null;
    error: ApiErrorInfo | null;
    recent: string[];
  };
  users: {
    filter: UserFilter;
    status: PagedStatus;
    list: UserListItem[];
    cursor: string | null;
    total: number;
    error: ApiErrorInfo | null;
  };
  stats: { status: LoadStatus; data: CardStats | null; error: ApiErrorInfo | null };
  /** Settings as the server last confirmed them, and as shown (optimistic) while a save is out. */
  settings: {
    status: LoadStatus;
    saved: RuleSettings | null;
    shown: RuleSettings | null;
    saving: boolean;
    error: ApiErrorInfo | null;
    notice: string | null;
  };
  ignored: {
    status: PagedStatus;
    list: CardItem[];
    cursor: string | null;
    total: number;
    error: ApiErrorInfo | null;
    restoring: number[];
  };
  detail: { cardId: number | null; status: LoadStatus; data: ChanceDetail | null; error: ApiErrorInfo | null };
}

const initialState: PagesState = {
  search: { keyword: '', status: 'idle', result: null, error: null, recent: [] },
  users: {
    filter: { order: 'aum_desc', tag: null, risk: null },
    status: 'idle',
    list: [],
    cursor: null,
    total: 0,
    error: null,
  },
  stats: { status: 'idle', data: null, error: null },
  settings: { status: 'idle', saved: null, shown: null, saving: false, error: null, notice: null },
  ignored: { status: 'idle', list: [], cursor: null, total: 0, error: null, restoring: [] },
  detail: { cardId: null, status: 'idle', data: null, error: null },
};

const pagedStatus = (mode: 'first' | 'refresh' | 'more'): PagedStatus =>
  mode === 'first' ? 'loading' : mode === 'refresh' ? 'refreshing' : 'loadingMore';

/** Applies a partial save to the settings shown (the optimistic view). */
export function applySettings(s: RuleSettings, req: RuleSettingsSetRequest): RuleSettings {
  return {
    ...s,
    thresholds: { ...s.thresholds, ...req.thresholds },
    enabled_categories: req.enabled_categories ?? s.enabled_categories,
    demotions: req.clear_demotions
      ? s.demotions.filter((d) => !req.clear_demotions?.includes(d.category_id))
      : s.demotions,
  };
}

export const pagesSlice = createSlice({
  name: 'marketingPages',
  initialState,
  reducers: {
    searchRecentRestored(state, action: PayloadAction<{ recent: string[] }>) {
      const { recent } = action.payload;
      // A replayed action log carries the redaction placeholder in place of the keywords: keep it whole.
      state.search.recent = Array.isArray(recent) ? recent.slice(0, RECENT_SEARCH_MAX) : recent;
    },
    /** Every keystroke: the saga waits for a pause before asking. */
    searchKeywordChanged(state, action: PayloadAction<{ keyword: string }>) {
      state.search.keyword = action.payload.keyword;
      if (action.payload.keyword.trim() === '')
        state.search = { ...state.search, status: 'idle', result: null, error: null };
    },
    searchStarted(state) {
      state.search.status = 'loading';
    },
    searchLoaded(state, action: PayloadAction<{ keyword: string; result: SearchResult }>) {
      if (action.payload.keyword !== state.search.keyword.trim()) return;
      state.search.status = 'loaded';
      state.search.result = action.payload.result;
      state.search.recent = [
        action.payload.keyword,
        ...state.search.recent.filter((k) => k !== action.payload.keyword),
      ].slice(0, RECENT_SEARCH_MAX);
    },
    searchFailed(state, action: PayloadAction<{ keyword: string; error: ApiErrorInfo }>) {
      if (action.payload.keyword !== state.search.keyword.trim()) return;
      state.search.status = 'failed';
      state.search.error = action.payload.error;
    },
    searchRecentCleared(state) {
      state.search.recent = [];
    },
    userListRequested(
      state,
      action: PayloadAction<{ mode: 'first' | 'refresh' | 'more'; filter?: Partial<UserFilter> }>,
    ) {
      const u = state.users;
      if (action.payload.mode === 'more' && !nextPageOpen(u.status, u.cursor)) return;
      if (action.payload.filter) u.filter = { ...u.filter, ...action.payload.filter };
      u.status = pagedStatus(action.payload.mode);
      u.error = null;
    },
    userListLoaded(state, action: PayloadAction<{ page: UserPage; replace: boolean }>) {
      const { page, replace } = action.payload;
      const u = state.users;
      u.list = replace ? page.list : [...u.list, ...page.list];
      Object.assign(u, { status: 'loaded', cursor: page.next_cursor, total: page.total, error: null });
    },
    userListLoadFailed(state, action: PayloadAction<{ error: ApiErrorInfo }>) {
      const u = state.users;
      Object.assign(u, { status: statusAfterFailure(u.status, u.list.length > 0), error: action.payload.error });
    },
    statsRequested(state) {
      state.stats.status = 'loading';
    },
    statsLoaded(state, action: PayloadAction<CardStats>) {
      state.stats = { status: 'loaded', data: action.payload, error: null };
    },
    statsLoadFailed(state, action: PayloadAction<{ error: ApiErrorInfo }>) {
      state.stats = { ...state.stats, status: 'failed', error: action.payload.error };
    },
    settingsRequested(state) {
      if (!state.settings.saving) state.settings.status = 'loading';
    },
    settingsLoaded(state, action: PayloadAction<RuleSettings>) {
      if (state.settings.saving) return;
      state.settings = {
        ...state.settings,
        status: 'loaded',
        saved: action.payload,
        shown: action.payload,
        error: null,
      };
    },
    settingsLoadFailed(state, action: PayloadAction<{ error: ApiErrorInfo }>) {
      state.settings = { ...state.settings, status: 'failed', error: action.payload.error };
    },
    /** A change on the settings screen: shown at once, saved in the background. */
    settingsChangeRequested(state, action: PayloadAction<{ change: RuleSettingsSetRequest; notice: string }>) {
      if (!state.settings.shown) return;
      state.settings.shown = applySettings(state.settings.shown, action.payload.change);
      state.settings.saving = true;
      state.settings.notice = null;
    },
    settingsSaved(state, action: PayloadAction<{ settings: RuleSettings; notice: string }>) {
      state.settings = {
        ...state.settings,
        saved: action.payload.settings,
        shown: action.payload.settings,
        saving: false,
        error: null,
        notice: action.payload.notice,
      };
    },
    /** Rolled back to what the server last confirmed. */
    settingsSaveFailed(state, action: PayloadAction<{ error: ApiErrorInfo }>) {
      state.settings = {
        ...state.settings,
        shown: state.settings.saved,
        saving: false,
        error: action.payload.error,
        notice: `保存失败，已恢复：${action.payload.error.message}`,
      };
    },
    settingsNoticeDismissed(state) {
      state.settings.notice = null;
    },
    ignoredListRequested(state, action: PayloadAction<{ mode: 'first' | 'refresh' | 'more' }>) {
      const g = state.ignored;
      if (action.payload.mode === 'more' && !nextPageOpen(g.status, g.cursor)) return;
      g.status = pagedStatus(action.payload.mode);
      g.error = null;
    },
    ignoredListLoaded(state, action: PayloadAction<{ page: CardPage; replace: boolean }>) {
      const { page, replace } = action.payload;
      const g = state.ignored;
      g.list = replace
        ? page.list
        : [...g.list, ...page.list.filter((c) => !g.list.some((o) => o.card_id === c.card_id))];
      Object.assign(g, { status: 'loaded', cursor: page.next_cursor, total: page.total, error: null });
    },
    ignoredListLoadFailed(state, action: PayloadAction<{ error: ApiErrorInfo }>) {
      const g = state.ignored;
      Object.assign(g, { status: statusAfterFailure(g.status, g.list.length > 0), error: action.payload.error });
    },
    cardRestoreRequested(state, action: PayloadAction<{ cardId: number }>) {
      if (!state.ignored.restoring.includes(action.payload.cardId)) state.ignored.restoring.push(action.payload.cardId);
    },
    /** The server's answer to 恢复: the card's new state; the reason it was ignored for no longer holds. */
    cardRestored(state, action: PayloadAction<{ cardId: number; state?: CardItem['state'] }>) {
      const id = action.payload.cardId;
      state.ignored.restoring = state.ignored.restoring.filter((r) => r !== id);
      state.ignored.list = state.ignored.list.filter((c) => c.card_id !== id);
      state.ignored.total = Math.max(0, state.ignored.total - 1);
      state.ignored.error = null;
      const card = state.detail.data;
      if (card?.card_id === id)
        Object.assign(card, { state: action.payload.state ?? 'viewed', ignore_reason: null, ignore_text: null });
    },
    cardRestoreFailed(state, action: PayloadAction<{ cardId: number; error: ApiErrorInfo }>) {
      state.ignored.restoring = state.ignored.restoring.filter((r) => r !== action.payload.cardId);
      state.ignored.error = action.payload.error;
    },
    cardDetailRequested(state, action: PayloadAction<{ cardId: number }>) {
      state.detail = {
        cardId: action.payload.cardId,
        status: 'loading',
        data: state.detail.cardId === action.payload.cardId ? state.detail.data : null,
        error: null,
      };
    },
    cardDetailLoaded(state, action: PayloadAction<ChanceDetail>) {
      if (state.detail.cardId === action.payload.card_id)
        state.detail = { ...state.detail, status: 'loaded', data: action.payload };
    },
    cardDetailLoadFailed(state, action: PayloadAction<{ cardId: number; error: ApiErrorInfo }>) {
      if (state.detail.cardId === action.payload.cardId)
        state.detail = { ...state.detail, status: 'failed', error: action.payload.error };
    },
  },
});

export const {
  searchRecentRestored,
  searchKeywordChanged,
  searchStarted,
  searchLoaded,
  searchFailed,
  searchRecentCleared,
  userListRequested,
  userListLoaded,
  userListLoadFailed,
  statsRequested,
  statsLoaded,
  statsLoadFailed,
  settingsRequested,
  settingsLoaded,
  settingsLoadFailed,
  settingsChangeRequested,
  settingsSaved,
  settingsSaveFailed,
  settingsNoticeDismissed,
  ignoredListRequested,
  ignoredListLoaded,
  ignoredListLoadFailed,
  cardRestoreRequested,
  cardRestored,
  cardRestoreFailed,
  cardDetailRequested,
  cardDetailLoaded,
  cardDetailLoadFailed,
} = pagesSlice.actions;

declare module '@/store/root-reducer' {
  export interface LazyLoadedSlices extends WithSlice<typeof pagesSlice> {}
}

export const selectPages = injectSlice(pagesSlice);
