import { createSlice, type PayloadAction, type WithSlice } from '@reduxjs/toolkit';

import type { ReachOutcome } from '@/api/contract/market-map-reach';
import type { SendOffer, SendOptions } from '@/api/contract/market-map-send';
import { injectSlice } from '@/store';

/** Who is reached: a card, a clue, or a customer from their page. Keyed as "card:12" / "clue:3" / "customer:40". */
export type ReachTarget = { card_id: number } | { clue_id: number } | { customer_id: number };
export const reachKey = (t: ReachTarget) =>
  'card_id' in t ? `card:${t.card_id}` : 'clue_id' in t ? `clue:${t.clue_id}` : `customer:${t.customer_id}`;

/** What the adviser chose in 发消息's chooser: a material, or a plain text of their own. */
export type SendChoice = { material_id: number; title: string } | { text: string };

/**
 * 发消息's chooser (docs/workbench.md "Consent before a send"): loading the options, the adviser reading them
 * (ready, with the error of a confirm that did not go through), sending (waiting for WeCom, at most
 * SEND_TIMEOUT_MS). Nothing is sent while it is loading or ready.
 */
export interface SendChooser {
  status: 'loading' | 'ready' | 'failed' | 'sending';
  customerId: number;
  productIds: number[];
  /** A material to suggest first (a retry). */
  prefer: number | null;
  options: SendOptions | null;
  error: string | null;
}

/** How the last message went, as WeCom answered: 已送达 only once it confirmed. */
export interface MessageDelivery {
  state: 'delivered' | 'undelivered';
  title: string;
  /** Why it did not go out, in Chinese. */
  reason: string | null;
  /** What 重试 offers first (the material that did not go out), or null for a text. */
  retry: number | null;
}

/**
 * One entry per target: idle → calling → (bridge answered) awaitingOutcome → saving → idle with the
 * outcome on show; messaging (the chooser open) → idle with what was delivered, or not and why.
 */
export interface ReachEntry {
  status: 'idle' | 'calling' | 'awaitingOutcome' | 'saving' | 'messaging';
  callId: number | null;
  phoneMasked: string;
  /** The last outcome recorded here (shown on the card). */
  outcome: ReachOutcome | null;
  /** What the adviser should read: sent, refused by suitability, or the failure in Chinese. */
  notice: string | null;
  chooser: SendChooser | null;
  delivery: MessageDelivery | null;
}

const EMPTY: ReachEntry = {
  status: 'idle',
  callId: null,
  phoneMasked: '',
  outcome: null,
  notice: null,
  chooser: null,
  delivery: null,
};

export const reachSlice = createSlice({
  // The events are named marketing/… so tracking can follow them by type.
  name: 'marketing',
  initialState: { entries: {} as Record<string, ReachEntry> },
  reducers: {
    customerCallRequested(state, { payload }: PayloadAction<{ target: ReachTarget }>) {
      const k = reachKey(payload.target);
      const e = state.entries[k] ?? { ...EMPTY };
      if (e.status !== 'idle') return;
      state.entries[k] = { ...e, status: 'calling', notice: null };
    },
    customerCallStarted(
      state,
      { payload }: PayloadAction<{ target: ReachTarget; callId: number; phoneMasked: string }>,
    ) {
      const e = state.entries[reachKey(payload.target)];
      if (e?.status === 'calling')
        Object.assign(e, { status: 'awaitingOutcome', callId: payload.callId, phoneMasked: payload.phoneMasked });
    },
    callOutcomeSubmitted(
      state,
      { payload }: PayloadAction<{ target: ReachTarget; callId: number; outcome: ReachOutcome; note: string }>,
    ) {
      const e = state.entries[reachKey(payload.target)];
      if (e?.status === 'awaitingOutcome') e.status = 'saving';
    },
    callOutcomeRecorded(state, { payload }: PayloadAction<{ target: ReachTarget; outcome: ReachOutcome }>) {
      const e = state.entries[reachKey(payload.target)];
      if (e?.status === 'saving') Object.assign(e, { status: 'idle', outcome: payload.outcome, callId: null });
    },
    /** 发消息 opens the chooser; nothing is sent until the adviser confirms there. */
    customerMessageRequested(
      state,
      { payload }: PayloadAction<{ target: ReachTarget; customerId: number; productIds: number[]; prefer?: number }>,
    ) {
      const k = reachKey(payload.target);
      const e = state.entries[k] ?? { ...EMPTY };
      if (e.status !== 'idle') return;
      state.entries[k] = {
        ...e,
        status: 'messaging',
        notice: null,
        delivery: null,
        chooser: {
          status: 'loading',
          customerId: payload.customerId,
          productIds: payload.productIds,
          prefer: payload.prefer ?? null,
          options: null,
          error: null,
        },
      };
    },
    sendOptionsLoaded(state, { payload }: PayloadAction<{ target: ReachTarget; options: SendOptions }>) {
      const c = state.entries[reachKey(payload.target)]?.chooser;
      if (c?.status === 'loading') Object.assign(c, { status: 'ready', options: payload.options, error: null });
    },
    sendOptionsFailed(state, { payload }: PayloadAction<{ target: ReachTarget; message: string }>) {
      const c = state.entries[reachKey(payload.target)]?.chooser;
      if (c?.status === 'loading') Object.assign(c, { status: 'failed', error: payload.message });
    },
    /** The chooser's 重试 after its options failed to load. */
    sendOptionsRetried(state, { payload }: PayloadAction<{ target: ReachTarget }>) {
      const c = state.entries[reachKey(payload.target)]?.chooser;
      if (c?.status === 'failed') Object.assign(c, { status: 'loading', error: null });
    },
    /** The adviser's consent: this material (or this text), having seen the options in `offer`. */
    sendChoiceConfirmed(
      state,
      { payload }: PayloadAction<{ target: ReachTarget; choice: SendChoice; offer: SendOffer }>,
    ) {
      const c = state.entries[reachKey(payload.target)]?.chooser;
      if (c?.status === 'ready') Object.assign(c, { status: 'sending', error: null });
    },
    /** Closed without sending (never while WeCom is answering). */
    sendChooserClosed(state, { payload }: PayloadAction<{ target: ReachTarget }>) {
      const e = state.entries[reachKey(payload.target)];
      if (e?.chooser && e.chooser.status !== 'sending') Object.assign(e, { status: 'idle', chooser: null });
    },
    /** WeCom confirmed the send: delivered. */
    customerMessageStarted(state, { payload }: PayloadAction<{ target: ReachTarget; materialTitle: string }>) {
      const e = state.entries[reachKey(payload.target)];
      if (e?.status === 'messaging')
        Object.assign(e, {
          status: 'idle',
          chooser: null,
          notice: `已送达《${payload.materialTitle}》`,
          delivery: { state: 'delivered', title: payload.materialTitle, reason: null, retry: null },
        });
    },
    /** WeCom failed, was cancelled or did not answer in time: not delivered, with the reason and a retry. */
    customerMessageUndelivered(
      state,
      { payload }: PayloadAction<{ target: ReachTarget; title: string; reason: string; retry: number | null }>,
    ) {
      const e = state.entries[reachKey(payload.target)];
      if (e?.status === 'messaging')
        Object.assign(e, {
          status: 'idle',
          chooser: null,
          notice: null,
          delivery: { state: 'undelivered', title: payload.title, reason: payload.reason, retry: payload.retry },
        });
    },
    customerDeliveryClosed(state, { payload }: PayloadAction<{ target: ReachTarget }>) {
      const e = state.entries[reachKey(payload.target)];
      if (e) e.delivery = null;
    },
    /** Any step failed: back to where the adviser can try again (a call keeps waiting for its outcome once dialled). */
    customerReachFailed(state, { payload }: PayloadAction<{ target: ReachTarget; message: string }>) {
      const e = state.entries[reachKey(payload.target)];
      if (!e) return;
      // Refused before anything went out (not in WeCom, the policy, suitability): the chooser stays, saying why.
      if (e.chooser?.status === 'sending') {
        Object.assign(e.chooser, { status: 'ready', error: payload.message });
        return;
      }
      Object.assign(e, { status: e.status === 'saving' ? 'awaitingOutcome' : 'idle', notice: payload.message });
    },
    customerReachNoticeClosed(state, { payload }: PayloadAction<{ target: ReachTarget }>) {
      const e = state.entries[reachKey(payload.target)];
      if (e) e.notice = null;
    },
  },
});

export const {
  customerCallRequested,
  customerCallStarted,
  callOutcomeSubmitted,
  callOutcomeRecorded,
  customerMessageRequested,
  sendOptionsLoaded,
  sendOptionsFailed,
  sendOptionsRetried,
  sendChoiceConfirmed,
  sendChooserClosed,
  customerMessageStarted,
  customerMessageUndelivered,
  customerDeliveryClosed,
  customerReachFailed,
  customerReachNoticeClosed,
} = reachSlice.actions;

declare module '@/store/root-reducer' {
  export interface LazyLoadedSlices extends WithSlice<typeof reachSlice> {}
}

const selectReachState = injectSlice(reachSlice);
export const selectReach = (s: Parameters<typeof selectReachState>[0], key: string): ReachEntry =>
  selectReachState(s).entries[key] ?? EMPTY;
