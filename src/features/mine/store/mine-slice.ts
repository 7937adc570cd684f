import { createSlice, type PayloadAction, type WithSlice } from '@reduxjs/toolkit';
import { createSelector } from 'reselect';

import type { FriendItem } from '@/api/contract/invitation';
import type { LiveItem } from '@/api/contract/lives';
import type { StoreExpert, StoreQuestion } from '@/api/contract/store';
import { injectSlice } from '@/store';

/** The lists 我的 shows inline, each loaded (and retried) on its own. */
export const MINE_LISTS = ['bookings', 'questions', 'follows', 'invitations'] as const;
export type MineListKey = (typeof MINE_LISTS)[number];

export interface MineItems {
  bookings: LiveItem;
  questions: StoreQuestion;
  follows: StoreExpert;
  invitations: FriendItem;
}

export interface MineList<T> {
  status: 'idle' | 'loading' | 'loaded' | 'failed';
  items: T[];
  /** All there are (the inline list shows the first few). */
  total: number;
  error: string | null;
}

export interface MineState {
  lists: { [K in MineListKey]: MineList<MineItems[K]> };
  /** Not in the invitation program: 我的邀请 offers /record's 加入 instead of a list. */
  notJoined: boolean;
}

const idle = <T>(): MineList<T> => ({ status: 'idle', items: [], total: 0, error: null });
export const initialMineState: MineState = {
  lists: { bookings: idle(), questions: idle(), follows: idle(), invitations: idle() },
  notJoined: false,
};
/** One list's status and error, whichever its items. */
const loading = (list: { status: string; error: string | null }) =>
  Object.assign(list, { status: 'loading', error: null });

export const mineSlice = createSlice({
  name: 'mine',
  initialState: initialMineState,
  reducers: {
    /** 我的 opened for a signed-in customer: every list loads (what is shown stays until its answer). */
    mineListsOpened(state) {
      for (const key of MINE_LISTS) loading(state.lists[key]);
    },
    /** 重试 under one list that failed. */
    mineListRetried(state, { payload }: PayloadAction<{ key: MineListKey }>) {
      loading(state.lists[payload.key]);
    },
    mineListLoaded(
      state,
      {
        payload,
      }: PayloadAction<{ key: MineListKey; items: MineItems[MineListKey][]; total: number; notJoined?: boolean }>,
    ) {
      Object.assign(state.lists[payload.key], {
        status: 'loaded',
        items: payload.items,
        total: payload.total,
        error: null,
      });
      if (payload.key === 'invitations') state.notJoined = payload.notJoined ?? false;
    },
    mineListFailed(state, { payload }: PayloadAction<{ key: MineListKey; message: string }>) {
      Object.assign(state.lists[payload.key], { status: 'failed', error: payload.message });
    },
  },
});

export const mineEvents = mineSlice.actions;

// Lazy: only 我的's chunk imports this file, which injects it.
declare module '@/store/root-reducer' {
  export interface LazyLoadedSlices extends WithSlice<typeof mineSlice> {}
}
export const selectMine = injectSlice(mineSlice);
export const selectMineLists = createSelector([selectMine], (m) => m.lists);
export const selectNotJoined = createSelector([selectMine], (m) => m.notJoined);
