import { createSlice, type PayloadAction, type WithSlice } from '@reduxjs/toolkit';

import type { ReachOutcome } from '@/api/contract/market-map-reach';
import { rootReducer } from '@/store';

/** Who is reached: a card, a clue, or a customer from their page. Keyed as "card:12" / "clue:3" / "customer:40". */
export type ReachTarget = { card_id: number } | { clue_id: number } | { customer_id: number };
export const reachKey = (t: ReachTarget) =>
  'card_id' in t ? `card:${t.card_id}` : 'clue_id' in t ? `clue:${t.clue_id}` : `customer:${t.customer_id}`;

/**
 * One entry per target: idle → calling → (bridge answered) awaitingOutcome → saving → idle with the
 * outcome on show; messaging → idle with what was sent, or a message saying why not.
 */
export interface ReachEntry {
  status: 'idle' | 'calling' | 'awaitingOutcome' | 'saving' | 'messaging';
  callId: number | null;
  phoneMasked: string;
  /** The last outcome recorded here (shown on the card). */
  outcome: ReachOutcome | null;
  /** What the adviser should read: sent, refused by suitability, or the failure in Chinese. */
  notice: string | null;
}

const EMPTY: ReachEntry = { status: 'idle', callId: null, phoneMasked: '', outcome: null, notice: null };

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
    customerMessageRequested(
      state,
      { payload }: PayloadAction<{ target: ReachTarget; customerId: number; productIds: number[] }>,
    ) {
      const k = reachKey(payload.target);
      const e = state.entries[k] ?? { ...EMPTY };
      if (e.status !== 'idle') return;
      state.entries[k] = { ...e, status: 'messaging', notice: null };
    },
    customerMessageStarted(state, { payload }: PayloadAction<{ target: ReachTarget; materialTitle: string }>) {
      const e = state.entries[reachKey(payload.target)];
      if (e?.status === 'messaging') Object.assign(e, { status: 'idle', notice: `已发送《${payload.materialTitle}》` });
    },
    /** Any step failed: back to where the adviser can try again (a call keeps waiting for its outcome once dialled). */
    customerReachFailed(state, { payload }: PayloadAction<{ target: ReachTarget; message: string }>) {
      const e = state.entries[reachKey(payload.target)];
      if (!e) return;
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
  customerMessageStarted,
  customerReachFailed,
  customerReachNoticeClosed,
} = reachSlice.actions;

declare module '@/store/root-reducer' {
  export interface LazyLoadedSlices extends WithSlice<typeof reachSlice> {}
}

const injected = reachSlice.injectInto(rootReducer);
export const selectReach = (s: Parameters<typeof injected.selectSlice>[0], key: string): ReachEntry =>
  injected.selectSlice(s).entries[key] ?? EMPTY;
