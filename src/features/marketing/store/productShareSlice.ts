import { createSlice, type PayloadAction, type WithSlice } from '@reduxjs/toolkit';
import type { ApiErrorInfo } from '@/api';
import type { SharePage } from '@/api/contract/marketMap-products';
import { rootReducer } from '@/store';

/**
 * Sharing a product page with customers (issue 14 part 2): the adviser asks the server for a signed
 * share link (creating → ready), then sends it (WeCom "发送给客户", else the link is copied).
 * One entry per page and product ("rate:3").
 */
export interface ProductShareEntry {
  status: 'idle' | 'creating' | 'ready' | 'failed';
  link: string | null;
  title: string;
  desc: string;
  expiresAt: number | null;
  error: ApiErrorInfo | null;
  send: 'idle' | 'sending' | 'sent' | 'copied' | 'failed';
  sendMessage: string | null;
}
export interface ProductShareState {
  entries: Record<string, ProductShareEntry>;
}

export const EMPTY_SHARE: ProductShareEntry = { status: 'idle', link: null, title: '', desc: '', expiresAt: null, error: null, send: 'idle', sendMessage: null };
export const shareKeyOf = (page: SharePage, productId: number) => `${page}:${productId}`;

const initialState: ProductShareState = { entries: {} };

export const productShareSlice = createSlice({
  name: 'productShare',
  initialState,
  reducers: {
    productShareRequested(state, { payload }: PayloadAction<{ productId: number; page: SharePage }>) {
      const key = shareKeyOf(payload.page, payload.productId);
      const e = (state.entries[key] ??= { ...EMPTY_SHARE });
      if (e.status === 'creating') return;
      Object.assign(e, { status: 'creating', error: null, send: 'idle', sendMessage: null });
    },
    productShareCreated(state, { payload }: PayloadAction<{ key: string; link: string; title: string; desc: string; expiresAt: number }>) {
      const e = state.entries[payload.key];
      if (e?.status === 'creating') Object.assign(e, { status: 'ready', link: payload.link, title: payload.title, desc: payload.desc, expiresAt: payload.expiresAt });
    },
    productShareFailed(state, { payload }: PayloadAction<{ key: string; error: ApiErrorInfo }>) {
      const e = state.entries[payload.key];
      if (e?.status === 'creating') Object.assign(e, { status: 'failed', error: payload.error });
    },
    /** Send the ready link to a customer: only from ready, one send at a time. */
    productShareSendRequested(state, { payload }: PayloadAction<{ key: string }>) {
      const e = state.entries[payload.key];
      if (e?.status === 'ready' && e.send !== 'sending') Object.assign(e, { send: 'sending', sendMessage: null });
    },
    productShareSent(state, { payload }: PayloadAction<{ key: string; via: 'wecom' | 'copied' }>) {
      const e = state.entries[payload.key];
      if (e?.send === 'sending') e.send = payload.via === 'wecom' ? 'sent' : 'copied';
    },
    productShareSendFailed(state, { payload }: PayloadAction<{ key: string; message: string }>) {
      const e = state.entries[payload.key];
      if (e?.send === 'sending') Object.assign(e, { send: 'failed', sendMessage: payload.message });
    },
    productShareNoticeClosed(state, { payload }: PayloadAction<{ key: string }>) {
      const e = state.entries[payload.key];
      if (e && e.send !== 'sending') Object.assign(e, { send: 'idle', sendMessage: null });
    },
  },
});

export const { productShareRequested, productShareCreated, productShareFailed, productShareSendRequested, productShareSent, productShareSendFailed, productShareNoticeClosed } =
  productShareSlice.actions;

declare module '@/store/rootReducer' {
  export interface LazyLoadedSlices extends WithSlice<typeof productShareSlice> {}
}

const injected = productShareSlice.injectInto(rootReducer);
export const selectProductShares = injected.selectSlice;
