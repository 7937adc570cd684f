import { createSlice, type PayloadAction } from '@reduxjs/toolkit';

export interface FeatureCrash {
  feature: string;
  message: string;
  at: number;
}

interface AppState {
  /** Feature sagas that crashed and were restarted; kept short, newest last. */
  crashes: FeatureCrash[];
}

const initialState: AppState = { crashes: [] };
const MAX_CRASHES = 20;

const appSlice = createSlice({
  name: 'app',
  initialState,
  reducers: {
    /** A call answered with a session-invalid code (docs/rules/errors.md#session-invalid: 210001-210003). */
    sessionInvalidated(_state, _action: PayloadAction<{ code: number | null }>) {
      // No state of its own: the app saga sends the user to /login.
    },
    featureSagaCrashed(state, action: PayloadAction<FeatureCrash>) {
      state.crashes.push(action.payload);
      if (state.crashes.length > MAX_CRASHES) state.crashes.splice(0, state.crashes.length - MAX_CRASHES);
    },
  },
});

export const { featureSagaCrashed, sessionInvalidated } = appSlice.actions;
export const appReducer = appSlice.reducer;
