// The session feature's public surface: its saga and slice for the app, the sign-in calls the
// app binds, and the share-menu hook other screens set their menu with.
export { sessionSaga } from './store/session-saga';
export { injectedSessionSlice, selectSessionState } from './store/session-slice';
export { createAuthApi, type AuthApi, type MiniScheme } from './api';
export { useShareMenu, ShareMenuSetup } from './share/use-share-menu';
export { customerShareFailed, customerShareRequested, customerShareSent } from './store/session-slice';
export { linkToShare } from './share/sharer';
// How a session check ends: screens that call staff-only services wait for it before their first request.
export { sessionCheckFailed, sessionSignedIn, sessionSignedOut } from './store/session-slice';
// The phone-region picker's list (phone_region ordered by opconfig): /login's and the registration form's.
export { loadOfferedRegions, offeredRegions } from './regions';
