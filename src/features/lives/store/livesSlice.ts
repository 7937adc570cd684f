import { createEntityAdapter, createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { HomeListState, HomeQuery, LiveItem, LoadError } from './types';

export const livesAdapter = createEntityAdapter<LiveItem, number>({ selectId: (live) => live.num_index });

export const HOME_PAGE_SIZE = 20;

const initialHomeList: HomeListState = {
  status: 'idle',
  query: null,
  ids: [],
  page: 0,
  pageSize: HOME_PAGE_SIZE,
  total: 0,
  error: null,
  moreError: null,
  refreshError: null,
};

const initialState = livesAdapter.getInitialState({ homeList: initialHomeList });
export type LivesState = typeof initialState;

export interface HomeListLoadedPayload {
  page: number;
  pageSize: number;
  total: number;
  list: LiveItem[];
}

const livesSlice = createSlice({
  name: 'lives',
  initialState,
  reducers: {
    /** The home screen was opened (or its address changed) for this user and date. */
    homeListOpened(state, action: PayloadAction<HomeQuery>) {
      state.homeList = { ...initialHomeList, status: 'loading', query: action.payload };
    },
    /** The user tapped retry on the error state. */
    homeListRetried(state) {
      const { homeList } = state;
      if (homeList.status !== 'failed' || !homeList.query) return;
      homeList.status = 'loading';
      homeList.error = null;
    },
    /** Pull to refresh: keep showing the list while page 1 reloads. */
    homeListRefreshRequested(state) {
      const { homeList } = state;
      if (homeList.status !== 'succeeded' || !homeList.query) return;
      homeList.status = 'refreshing';
      homeList.refreshError = null;
    },
    /** Scrolled to the end (or tapped "load more" after a failure). */
    homeListMoreRequested(state) {
      const { homeList } = state;
      if (homeList.status !== 'succeeded' || homeList.ids.length >= homeList.total) return;
      homeList.status = 'loadingMore';
      homeList.moreError = null;
    },
    homeListLoaded(state, action: PayloadAction<HomeListLoadedPayload>) {
      const { homeList } = state;
      if (homeList.status !== 'loading' && homeList.status !== 'refreshing' && homeList.status !== 'loadingMore') return;
      const { page, pageSize, total, list } = action.payload;
      // An answer for another page than the one asked for (a "more" overtaken by a refresh) is stale.
      const expected = homeList.status === 'loadingMore' ? homeList.page + 1 : 1;
      if (page !== expected) return;
      livesAdapter.upsertMany(state, list);
      const incoming = list.map((live) => live.num_index);
      if (page <= 1) {
        homeList.ids = incoming;
      } else {
        const seen = new Set(homeList.ids);
        homeList.ids.push(...incoming.filter((id) => !seen.has(id)));
      }
      homeList.page = page;
      homeList.pageSize = pageSize;
      homeList.total = total;
      homeList.status = 'succeeded';
      homeList.error = null;
      homeList.refreshError = null;
    },
    homeListLoadFailed(state, action: PayloadAction<LoadError>) {
      const { homeList } = state;
      if (homeList.status === 'loadingMore') {
        homeList.status = 'succeeded';
        homeList.moreError = action.payload;
      } else if (homeList.status === 'refreshing') {
        // The list on screen is still valid; say the refresh failed without blanking it.
        homeList.status = 'succeeded';
        homeList.refreshError = action.payload;
      } else if (homeList.status === 'loading') {
        homeList.status = 'failed';
        homeList.error = action.payload;
      }
    },
  },
});

export const {
  homeListOpened,
  homeListRetried,
  homeListRefreshRequested,
  homeListMoreRequested,
  homeListLoaded,
  homeListLoadFailed,
} = livesSlice.actions;

export const livesReducer = livesSlice.reducer;
