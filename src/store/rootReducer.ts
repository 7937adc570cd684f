import { combineSlices, type WithSlice } from '@reduxjs/toolkit';
import { appReducer } from './appSlice';
import { livesReducer } from '@/features/lives/store/livesSlice';
import { actionLogReducer } from '@/features/action-log/store/actionLogSlice';
import { trackingReducer } from '@/features/tracking/store/trackingSlice';
import { sessionReducer } from '@/features/session/store/sessionSlice';
import type { liveRoomSlice } from '@/features/lives/store/liveRoomSlice';
import type { helpersSlice } from '@/features/helpers/store/helpersSlice';
import type { invitationSlice } from '@/features/invitation/store/invitationSlice';

/**
 * Slices a feature's own chunk injects (`slice.injectInto(rootReducer)` in its slice file),
 * so they stay out of the home route's first load. Type-only imports: no code follows them.
 */
export type LazyLoadedSlices = WithSlice<typeof liveRoomSlice> & WithSlice<typeof helpersSlice> & WithSlice<typeof invitationSlice>;

/**
 * The store's reducer: the app shell's and the home screen's slices, plus whatever lazy slices
 * have been injected so far. The replay (Node CLI, viewer, tests) uses fullReducer.ts instead.
 */
export const rootReducer = combineSlices({
  app: appReducer,
  lives: livesReducer,
  actionLog: actionLogReducer,
  tracking: trackingReducer,
  session: sessionReducer,
}).withLazyLoadedSlices<LazyLoadedSlices>();

/** Lazy slices are optional here: read them through their slice's selectors (initial state until injected). */
export type RootState = ReturnType<typeof rootReducer>;
