import { createSelector } from 'reselect';

import { selectHelpersState as selectHelpers } from './helpers-slice';

export const selectDiagnostics = createSelector([selectHelpers], (h) => h.diagnostics);
export const selectMiniScheme = createSelector([selectHelpers], (h) => h.mini);
export const selectFollow = createSelector([selectHelpers], (h) => h.follow);
