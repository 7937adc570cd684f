// The lives feature's public surface: what the app composes and what other features may use.
// Screens stay out of it: the router loads them lazily from screens/*Screen.tsx. The live room's
// lazy slice stays out too (importing it injects it): only its screens' chunks load it; its screen kinds
// are a type, erased, for the server's first render.
export { createLivesApi, fetchMySubscriptions, type LivesApi } from './api';
export type { LiveScreenKind } from './store/live-room-slice';
export { livesSaga } from './store/lives-saga';
export { HOME_PAGE_SIZE, selectLivesState } from './store/lives-slice';
// The home list's events, which other features' tests record and replay as the app dispatches them.
export { homeListLoaded, homeListMoreRequested, homeListOpened } from './store/lives-slice';
