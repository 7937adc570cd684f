import { createSlice, type PayloadAction, type WithSlice } from '@reduxjs/toolkit';
import { createSelector } from 'reselect';

import type { ForwardResult, MaterialDetail, ShareMaterial } from '@/api/contract/market-map-materials';
import { injectSlice } from '@/store';

/**
 * Sending materials, the forwarding assistant, and the customer's reading of a tracked link.
 * Keys (idempotency, reading session) and times come in payloads from the sagas: reducers stay pure.
 */
export type SendStatus = 'idle' | 'sending' | 'sharing' | 'sent' | 'failed';
export interface SendState {
  status: SendStatus;
  fileId: number | null;
  customerIds: number[];
  /** Kept across a failed attempt so the retry is the same send (the server answers it once). */
  key: string | null;
  result: ForwardResult | null;
  /** How the WeCom share went: skipped outside WeCom (the links are shown to copy). */
  shared: 'none' | 'done' | 'failed' | 'skipped';
  error: string | null;
  /** How many WeCom confirmed (已送达), and who it did not reach (未送达, the reason in `error`). */
  delivered: number;
  undelivered: number[];
}
export interface TransformState {
  status: 'idle' | 'loading' | 'loaded' | 'failed';
  material: MaterialDetail | null;
  error: string | null;
}
export interface ReaderState {
  status: 'idle' | 'loading' | 'loaded' | 'failed';
  token: string | null;
  openKey: string | null;
  material: ShareMaterial | null;
  error: string | null;
  /** Seconds counted while the page was visible, and the deepest scroll (0-1): only grow. */
  seconds: number;
  depth: number;
}
export interface MaterialsState {
  send: SendState;
  transform: TransformState;
  reader: ReaderState;
}

const idleSend: SendState = {
  status: 'idle',
  fileId: null,
  customerIds: [],
  key: null,
  result: null,
  shared: 'none',
  error: null,
  delivered: 0,
  undelivered: [],
};
const initialState: MaterialsState = {
  send: idleSend,
  transform: { status: 'idle', material: null, error: null },
  reader: { status: 'idle', token: null, openKey: null, material: null, error: null, seconds: 0, depth: 0 },
};

export interface ForwardIntent {
  fileId: number;
  customerIds: number[];
  channel: 'wecom_chat' | 'wecom_group' | 'wecom_moments';
  title: string;
  desc: string;
  imgUrl: string;
}

export const materialsSlice = createSlice({
  name: 'materials',
  initialState,
  reducers: {
    forwardRequested(state, { payload }: PayloadAction<ForwardIntent>) {
      if (state.send.status === 'sending' || state.send.status === 'sharing') return;
      const same =
        state.send.status === 'failed' &&
        state.send.fileId === payload.fileId &&
        state.send.customerIds.join() === payload.customerIds.join();
      state.send = {
        ...idleSend,
        status: 'sending',
        fileId: payload.fileId,
        customerIds: payload.customerIds,
        key: same ? state.send.key : null,
      };
    },
    forwardKeyMade(state, { payload }: PayloadAction<{ key: string }>) {
      if (state.send.status === 'sending') state.send.key = payload.key;
    },
    forwardDecided(state, { payload }: PayloadAction<{ result: ForwardResult; share: boolean }>) {
      if (state.send.status !== 'sending') return;
      state.send.result = payload.result;
      state.send.status = payload.share && payload.result.sent.length ? 'sharing' : 'sent';
      if (!payload.share) state.send.shared = 'skipped';
    },
    forwardShared(
      state,
      { payload }: PayloadAction<{ ok: boolean; message?: string; delivered: number; undelivered: number[] }>,
    ) {
      if (state.send.status !== 'sharing') return;
      state.send.status = 'sent';
      state.send.delivered = payload.delivered;
      state.send.undelivered = payload.undelivered;
      state.send.shared = payload.ok ? 'done' : 'failed';
      state.send.error = payload.ok ? null : (payload.message ?? '企业微信发送未完成');
    },
    forwardFailed(state, { payload }: PayloadAction<{ message: string }>) {
      if (state.send.status !== 'sending') return;
      state.send.status = 'failed';
      state.send.error = payload.message;
    },
    forwardDismissed(state) {
      if (state.send.status !== 'sending' && state.send.status !== 'sharing') state.send = idleSend;
    },
    transformRequested(state, _action: PayloadAction<{ url?: string; html?: string }>) {
      state.transform = { status: 'loading', material: null, error: null };
    },
    transformLoaded(state, { payload }: PayloadAction<{ material: MaterialDetail }>) {
      if (state.transform.status === 'loading')
        state.transform = { status: 'loaded', material: payload.material, error: null };
    },
    transformFailed(state, { payload }: PayloadAction<{ message: string }>) {
      if (state.transform.status === 'loading')
        state.transform = { status: 'failed', material: null, error: payload.message };
    },
    readerOpened(state, { payload }: PayloadAction<{ token: string }>) {
      if (state.reader.token === payload.token && state.reader.status !== 'failed') return;
      state.reader = { ...initialState.reader, status: 'loading', token: payload.token };
    },
    readerStarted(state, { payload }: PayloadAction<{ token: string; openKey: string }>) {
      if (state.reader.token === payload.token && state.reader.status === 'loading')
        state.reader.openKey = payload.openKey;
    },
    readerLoaded(state, { payload }: PayloadAction<{ token: string; material: ShareMaterial }>) {
      if (state.reader.token === payload.token && state.reader.status === 'loading')
        Object.assign(state.reader, { status: 'loaded', material: payload.material });
    },
    readerFailed(state, { payload }: PayloadAction<{ token: string; message: string }>) {
      if (state.reader.token === payload.token && state.reader.status === 'loading')
        Object.assign(state.reader, { status: 'failed', error: payload.message });
    },
    /** The reader scrolled: the screen reports depth, the store keeps the deepest. */
    readerScrolled(state, { payload }: PayloadAction<{ depth: number }>) {
      state.reader.depth = Math.max(state.reader.depth, Math.min(1, Math.max(0, payload.depth)));
    },
    /** One more visible second, counted by the reading saga. */
    readerTicked(state) {
      if (state.reader.status === 'loaded') state.reader.seconds += 1;
    },
  },
});

export const {
  forwardRequested,
  forwardKeyMade,
  forwardDecided,
  forwardShared,
  forwardFailed,
  forwardDismissed,
  transformRequested,
  transformLoaded,
  transformFailed,
  readerOpened,
  readerStarted,
  readerLoaded,
  readerFailed,
  readerScrolled,
  readerTicked,
} = materialsSlice.actions;

declare module '@/store/root-reducer' {
  export interface LazyLoadedSlices extends WithSlice<typeof materialsSlice> {}
}

export const selectMaterials = injectSlice(materialsSlice);
export const selectSend = createSelector(selectMaterials, (s) => s.send);
export const selectTransform = createSelector(selectMaterials, (s) => s.transform);
export const selectReader = createSelector(selectMaterials, (s) => s.reader);
