import { createSelector } from '@reduxjs/toolkit';
import type { RootState } from '../../../app/store/rootReducer';

const selectHelpers = (state: RootState) => state.helpers;

export const selectDiagnostics = createSelector([selectHelpers], (h) => h.diagnostics);
export const selectMiniScheme = createSelector([selectHelpers], (h) => h.mini);
export const selectFollow = createSelector([selectHelpers], (h) => h.follow);
