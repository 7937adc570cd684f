import { rootReducer } from '@/store';
import { liveRoomSlice } from '@/features/lives/store/liveRoomSlice';
import { helpersSlice } from '@/features/helpers/store/helpersSlice';
import './eagerSlices';
import { workbenchSlice } from '@/features/marketing/store/workbenchSlice';
import { pagesSlice as marketingPagesSlice } from '@/features/marketing/store/pagesSlice';
import { detailsSlice as marketingDetailsSlice } from '@/features/marketing/store/detailsSlice';
import { knowledgeSlice } from '@/features/knowledge/store/knowledgeSlice';
import { invitationSlice } from '@/features/invitation/store/invitationSlice';
import { loginSlice } from '@/features/session/store/loginSlice';
import { productShareSlice } from '@/features/marketing/store/productShareSlice';
import { materialsSlice } from '@/features/marketing/store/materialsSlice';
import { staffSlice } from '@/features/staff/store/staffSlice';

/**
 * The root reducer with EVERY lazy slice injected: what the action-log replay runs (CLI,
 * /__replay viewer, replay tests, benches), so a log replays the same whichever screens the
 * recording browser had loaded; slices it never loaded replay as their initial state.
 * Never import this from the first load. A new lazy slice adds one `.inject(...)` here.
 */
export const fullReducer = rootReducer
  .inject(liveRoomSlice)
  .inject(helpersSlice)
  .inject(workbenchSlice)
  .inject(marketingPagesSlice)
  .inject(marketingDetailsSlice)
  .inject(knowledgeSlice)
  .inject(invitationSlice)
  .inject(loginSlice)
  .inject(productShareSlice)
  .inject(materialsSlice)
  .inject(staffSlice);

export type FullState = ReturnType<typeof fullReducer>;
