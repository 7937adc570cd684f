import { injectedActionLogSlice } from '@/features/action-log';
import { injectedLivesSlice } from '@/features/lives';
import { injectedSessionSlice } from '@/features/session';
import { injectedTrackingSlice } from '@/features/tracking';

/**
 * The home screen's and the shell's slices. Each injects itself into @/store's rootReducer when its
 * file loads; the store modules import this list before they build a store, so these slices are
 * there from the first action (and in every preloaded or replayed state). Other slices come with
 * their screens' chunks.
 */
export const eagerSlices = [
  injectedLivesSlice,
  injectedActionLogSlice,
  injectedTrackingSlice,
  injectedSessionSlice,
] as const;
