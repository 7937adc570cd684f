import { combineReducers } from '@reduxjs/toolkit';
import { appReducer } from './appSlice';
import { livesReducer } from '../../features/lives/store/livesSlice';

/** Every feature's slice; the replay CLI runs this same reducer in Node. */
export const rootReducer = combineReducers({
  app: appReducer,
  lives: livesReducer,
});

export type RootState = ReturnType<typeof rootReducer>;
