import { createSelector } from 'reselect';

import { selectStaff, type StaffListName } from './staff-slice';

import type { RootState } from '@/store';

export const selectStaffList = <N extends StaffListName>(state: RootState, name: N) => selectStaff(state).lists[name];
export const selectSubmit = (state: RootState, key: string) => selectStaff(state).submits[key];
export const selectAdviserSearch = (state: RootState, memberId: number) => selectStaff(state).advisers[memberId];
export const selectComplianceFilter = (state: RootState) => selectStaff(state).filter;
export const selectFilterOptions = (state: RootState) => selectStaff(state).filterOptions;
export const selectExporting = (state: RootState) => selectStaff(state).exporting;

/** The expert's returned answers first (they wait for a rewrite), then the rest as the server ordered them. */
export const selectMyAnswersByUrgency = createSelector(
  [(s: RootState) => selectStaff(s).lists.myAnswers.items],
  (items) => [...items.filter((a) => a.state === 'returned'), ...items.filter((a) => a.state !== 'returned')],
);
