import { createSlice, type PayloadAction, type WithSlice } from '@reduxjs/toolkit';

import type { ApiErrorInfo } from '@/api';
import type { SharePage } from '@/api/contract/market-map-products';
import { injectSlice } from '@/store';

/**
 * Sharing a product page with one customer: the adviser picks a suitable customer, the server checks and
 * signs a link for them (creating → ready), then it is sent (WeCom "发送给客户", else the link is copied)
 * and the send's answer is recorded. One entry per page and product ("rate:3"): the last link made.
 */
export interface ProductShareEntry {
  status: 'idle' | 'creating' | 'ready' | 'failed';
  /** Whom the link is for (the server's masked name), and the link's row for recording the send. */
  customerId: number | null;
  customerName: string;
  shareId: number | null;
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

export const EMPTY_SHARE: ProductShareEntry = {
  status: 'idle',
  customerId: null,
  customerName: '',
  shareId: null,
  link: null,
  title: '',
  desc: '',
  expiresAt: null,
  error: null,
  send: 'idle',
  sendMessage: null,
};
export const shareKeyOf = (page: SharePage, productId: number) => `${page}:${productId}`;

const initialState: ProductShareState = { entries: {} };

export const productShareSlice = createSlice({
  name: 'productShare',
  initialState,
  reducers: {
    productShareRequested(
      state,
      { payload }: PayloadAction<{ productId: number; page: SharePage; customerId: number }>,
    ) {
      const key = shareKeyOf(payload.page, payload.productId);
      const e = (state.entries[key] ??= { ...EMPTY_SHARE });
      if (e.status === 'creating' || e.send === 'sending') return;
      Object.assign(e, {
        status: 'creating',
        customerId: payload.customerId,
        customerName: '',
        shareId: null,
        link: null,
        error: null,
        send: 'idle',
        sendMessage: null,
      });
    },
    productShareCreated(
      state,
      {
        payload,
      }: PayloadAction<{
        key: string;
        link: string;
        title: string;
        desc: string;
        expiresAt: number;
        shareId: number;
        customerName: string;
      }>,
    ) {
      const e = state.entries[payload.key];
      if (e?.status === 'creating') {
        Object.assign(e, {
          status: 'ready',
          link: payload.link,
          title: payload.title,
          desc: payload.desc,
          expiresAt: payload.expiresAt,
          shareId: payload.shareId,
          customerName: payload.customerName,
        });
      }
    },
    /** Back to picking another customer (the made link stays valid for the one it was made for). */
    productShareReset(state, { payload }: PayloadAction<{ key: string }>) {
      const e = state.entries[payload.key];
      if (e && e.status !== 'creating' && e.send !== 'sending') state.entries[payload.key] = { ...EMPTY_SHARE };
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

export const {
  productShareRequested,
  productShareCreated,
  productShareReset,
  productShareFailed,
  productShareSendRequested,
  productShareSent,
  productShareSendFailed,
  productShareNoticeClosed,
} = productShareSlice.actions;

declare module '@/store/root-reducer' {
  export interface LazyLoadedSlices extends WithSlice<typeof productShareSlice> {}
}

export const selectProductShares = injectSlice(productShareSlice);
