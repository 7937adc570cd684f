import { createSlice, type PayloadAction, type WithSlice } from '@reduxjs/toolkit';

import type { ApiErrorInfo } from '@/api';
import type { SharePageData } from '@/api/contract/market-map-products';
import type { LoadStatus, PagedStatus } from '@/features/marketing/shared';
import { injectSlice, nextPageOpen, ssrDataHydrated, statusAfterFailure } from '@/store';

/** A customer share page (RateShareDetail, publicShareDetail) as the server rendered it: the code and its page data. */
export interface SharePageSsrData {
  code: string;
  data: SharePageData;
}

declare module '@/store/ssr' {
  interface SsrPayloads {
    sharePage: SharePageSsrData;
  }
}

/**
 * The workbench's detail screens (customer card, card evidence, products, materials…) load by key:
 * one entry per thing shown ("customerAum:{"customer_id":12}"), so going back to a screen shows what
 * it showed, two screens of one thing share one load, and a late answer for an older request is dropped.
 * The kinds and their fetchers are in detail-fetchers.ts; screens use useDetail / useDetailList.
 */
export interface DetailEntry {
  status: LoadStatus;
  data: unknown;
  error: ApiErrorInfo | null;
  requestId: number;
}
/** A paged list by key; refreshing keeps what is shown, loadingMore appends; failed may hold pages (its next one failed). */
export interface DetailList {
  status: PagedStatus;
  items: unknown[];
  next: string | null;
  total: number | null;
  error: ApiErrorInfo | null;
  requestId: number;
}
export type DetailParams = Record<string, string | number | boolean | undefined>;

export interface DetailsState {
  entries: Record<string, DetailEntry>;
  lists: Record<string, DetailList>;
}

const initialState: DetailsState = { entries: {}, lists: {} };
export const EMPTY_ENTRY: DetailEntry = { status: 'idle', data: null, error: null, requestId: 0 };
export const EMPTY_LIST: DetailList = { status: 'idle', items: [], next: null, total: null, error: null, requestId: 0 };

/** One key per kind and parameters, whatever order the parameters were written in. */
export function detailKey(kind: string, params: DetailParams = {}): string {
  const sorted = Object.keys(params)
    .filter((k) => params[k] !== undefined)
    .sort()
    .map((k) => [k, params[k]]);
  return `${kind}:${JSON.stringify(Object.fromEntries(sorted))}`;
}

export const detailsSlice = createSlice({
  name: 'marketingDetails',
  initialState,
  reducers: {
    /** A screen wants a thing: the first load, or a pull-to-refresh / retry (what is shown stays). */
    detailRequested(
      state,
      { payload }: PayloadAction<{ key: string; kind: string; params: DetailParams; mode: 'first' | 'refresh' }>,
    ) {
      const e = (state.entries[payload.key] ??= { ...EMPTY_ENTRY });
      if (payload.mode === 'first' && (e.status === 'loaded' || e.status === 'loading')) return;
      e.requestId += 1;
      e.status = 'loading';
      e.error = null;
    },
    detailLoaded(state, { payload }: PayloadAction<{ key: string; requestId: number; data: unknown }>) {
      const e = state.entries[payload.key];
      if (e && e.requestId === payload.requestId)
        Object.assign(e, { status: 'loaded', data: payload.data, error: null });
    },
    detailLoadFailed(state, { payload }: PayloadAction<{ key: string; requestId: number; error: ApiErrorInfo }>) {
      const e = state.entries[payload.key];
      if (e && e.requestId === payload.requestId) Object.assign(e, { status: 'failed', error: payload.error });
    },
    /** A screen wants a list: the first page, a pull-to-refresh, or the next page. */
    detailListRequested(
      state,
      {
        payload,
      }: PayloadAction<{ key: string; kind: string; params: DetailParams; mode: 'first' | 'refresh' | 'more' }>,
    ) {
      const l = (state.lists[payload.key] ??= { ...EMPTY_LIST });
      // A screen coming back over a failed next page keeps the pages it shows (its foot retries that page); only a
      // list with nothing to show asks for its first page again.
      if (payload.mode === 'first' && l.status !== 'idle' && !(l.status === 'failed' && l.items.length === 0)) return;
      if (payload.mode === 'more' && !nextPageOpen(l.status, l.next)) return;
      l.requestId += 1;
      l.error = null;
      l.status =
        payload.mode === 'more'
          ? 'loadingMore'
          : payload.mode === 'refresh' && l.items.length
            ? 'refreshing'
            : 'loading';
    },
    detailListLoaded(
      state,
      {
        payload,
      }: PayloadAction<{
        key: string;
        requestId: number;
        items: unknown[];
        next: string | null;
        total: number | null;
        append: boolean;
      }>,
    ) {
      const l = state.lists[payload.key];
      if (!l || l.requestId !== payload.requestId) return;
      l.items = payload.append ? [...l.items, ...payload.items] : payload.items;
      l.next = payload.next;
      l.total = payload.total;
      l.status = 'loaded';
    },
    detailListLoadFailed(state, { payload }: PayloadAction<{ key: string; requestId: number; error: ApiErrorInfo }>) {
      const l = state.lists[payload.key];
      if (!l || l.requestId !== payload.requestId) return;
      // The pages shown stay either way; the status says whether the foot retries a next page (failed) or a
      // refresh failed over them (loaded, the error for the pull's head).
      l.status = statusAfterFailure(l.status, l.items.length > 0);
      l.error = payload.error;
    },
  },
  extraReducers: (builder) => {
    // The server-rendered share page is the loaded entry useDetail reads: its first open then fetches nothing.
    builder.addCase(ssrDataHydrated, (state, action) => {
      const share = action.payload.data.sharePage;
      if (share)
        state.entries[detailKey('sharePage', { code: share.code })] = {
          status: 'loaded',
          data: share.data,
          error: null,
          requestId: 0,
        };
    });
  },
});

export const {
  detailRequested,
  detailLoaded,
  detailLoadFailed,
  detailListRequested,
  detailListLoaded,
  detailListLoadFailed,
} = detailsSlice.actions;

declare module '@/store/root-reducer' {
  export interface LazyLoadedSlices extends WithSlice<typeof detailsSlice> {}
}

export const selectDetails = injectSlice(detailsSlice);
