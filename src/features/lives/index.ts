// The lives feature's public surface: what the app composes and what other features may use.
// Screens stay out of it: the router loads them lazily from screens/*Screen.tsx. The live room's
// lazy slice stays out too (importing it injects it): only its screens' chunks load it.
export { createLivesApi, type LivesApi } from './api';
export { livesSaga } from './store/lives-saga';
export {
  homeListLoaded,
  homeListMoreRequested,
  homeListOpened,
  homeListRefreshRequested,
  homeListRetried,
  injectedLivesSlice,
  selectLivesState,
} from './store/lives-slice';
