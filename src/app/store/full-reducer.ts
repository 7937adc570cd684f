import './eager-slices';

import { helpersSlice } from '@/features/helpers/store/helpers-slice';
import { invitationSlice } from '@/features/invitation/store/invitation-slice';
import { knowledgeSlice } from '@/features/knowledge/store/knowledge-slice';
import { liveRoomSlice } from '@/features/lives/store/live-room-slice';
import { backlogSlice } from '@/features/marketing/backlog/store/backlog-slice';
import { detailsSlice as marketingDetailsSlice } from '@/features/marketing/details/store/details-slice';
import { materialsSlice } from '@/features/marketing/materials/store/materials-slice';
import { productShareSlice } from '@/features/marketing/products/store/product-share-slice';
import { reachSlice } from '@/features/marketing/reach/store/reach-slice';
import { pagesSlice as marketingPagesSlice } from '@/features/marketing/workbench/store/pages-slice';
import { workbenchSlice } from '@/features/marketing/workbench/store/workbench-slice';
import { mineSlice } from '@/features/mine/store/mine-slice';
import { loginSlice } from '@/features/session/store/login-slice';
import { deskAccessSlice } from '@/features/staff/store/desk-access-slice';
import { staffSlice } from '@/features/staff/store/staff-slice';
import { rootReducer } from '@/store';

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
  .inject(reachSlice)
  .inject(materialsSlice)
  .inject(staffSlice)
  .inject(deskAccessSlice)
  .inject(mineSlice)
  .inject(backlogSlice);
