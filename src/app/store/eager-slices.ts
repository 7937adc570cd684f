import { selectActionLogState } from '@/features/action-log';
import { selectLivesState } from '@/features/lives';
import { selectSessionState } from '@/features/session';
import { selectTrackingState } from '@/features/tracking';

/**
 * The home screen's and the shell's slices, by their selectors. Each slice injects itself into @/store's rootReducer
 * when its file loads; the store modules import this list before they build a store, so these slices are there
 * from the first action (and in every preloaded or replayed state). Other slices come with their screens' chunks.
 */
export const eagerSlices = [selectLivesState, selectActionLogState, selectTrackingState, selectSessionState] as const;
