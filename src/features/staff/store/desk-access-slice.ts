import { createSlice, type PayloadAction, type WithSlice } from '@reduxjs/toolkit';

import type { StaffDesk } from '@/features/session';
import { injectSlice } from '@/store';

/** Which desks the signed-in employee's stored record opens; null desks: no record yet (signing in). */
export interface DeskAccessState {
  status: 'unknown' | 'read';
  desks: StaffDesk[] | null;
}

const initialDeskAccessState: DeskAccessState = { status: 'unknown', desks: null };

export const deskAccessSlice = createSlice({
  name: 'deskAccess',
  initialState: initialDeskAccessState,
  reducers: {
    /** A desk screen was opened: the saga reads the stored employee record. */
    deskOpened(_state, _action: PayloadAction<{ desk: StaffDesk }>) {},
    deskAccessRead(state, action: PayloadAction<{ desks: StaffDesk[] | null }>) {
      state.status = 'read';
      state.desks = action.payload.desks;
    },
  },
});

export const { deskOpened, deskAccessRead } = deskAccessSlice.actions;

declare module '@/store/root-reducer' {
  export interface LazyLoadedSlices extends WithSlice<typeof deskAccessSlice> {}
}

export const selectDeskAccess = injectSlice(deskAccessSlice);
