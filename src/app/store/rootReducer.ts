import { combineReducers } from '@reduxjs/toolkit';
import { appReducer } from './appSlice';
import { livesReducer } from '../../features/lives/store/livesSlice';
import { liveRoomReducer } from '../../features/lives/store/liveRoomSlice';
import { actionLogReducer } from '../../features/action-log/store/actionLogSlice';
import { trackingReducer } from '../../features/tracking/store/trackingSlice';
import { sessionReducer } from '../../features/session/store/sessionSlice';
import { helpersReducer } from '../../features/helpers/store/helpersSlice';

/** Every feature's slice; the replay CLI runs this same reducer in Node. */
export const rootReducer = combineReducers({
  app: appReducer,
  lives: livesReducer,
  liveRoom: liveRoomReducer,
  actionLog: actionLogReducer,
  tracking: trackingReducer,
  session: sessionReducer,
  helpers: helpersReducer,
});

export type RootState = ReturnType<typeof rootReducer>;
