import { createSlice, type PayloadAction, type WithSlice } from '@reduxjs/toolkit';

import { injectSlice } from '@/store';

/** 提前处理 of one waiting card: pulling → pulled (now on 今日) or failed with the reason in Chinese. */
export interface PullEntry {
  status: 'pulling' | 'pulled' | 'failed';
  message: string | null;
}

export const backlogSlice = createSlice({
  name: 'backlog',
  initialState: { pulls: {} as Record<number, PullEntry> },
  reducers: {
    backlogPullRequested(state, { payload }: PayloadAction<{ cardId: number }>) {
      if (state.pulls[payload.cardId]?.status === 'pulling') return;
      state.pulls[payload.cardId] = { status: 'pulling', message: null };
    },
    backlogCardPulled(state, { payload }: PayloadAction<{ cardId: number }>) {
      state.pulls[payload.cardId] = { status: 'pulled', message: '已放入今日' };
    },
    backlogPullFailed(state, { payload }: PayloadAction<{ cardId: number; message: string }>) {
      state.pulls[payload.cardId] = { status: 'failed', message: payload.message };
    },
  },
});

export const { backlogPullRequested, backlogCardPulled, backlogPullFailed } = backlogSlice.actions;

declare module '@/store/root-reducer' {
  export interface LazyLoadedSlices extends WithSlice<typeof backlogSlice> {}
}

const selectBacklogState = injectSlice(backlogSlice);
export const selectPull = (s: Parameters<typeof selectBacklogState>[0], cardId: number): PullEntry | null =>
  selectBacklogState(s).pulls[cardId] ?? null;
