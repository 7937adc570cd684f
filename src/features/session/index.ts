// The session feature's public surface: its saga and slice for the app, the sign-in calls the
// app binds, and the share-menu hook other screens set their menu with.
export { type AuthApi, createAuthApi, type MiniScheme } from './api';
export { linkToShare } from './share/sharer';
export { ShareMenuSetup, useShareMenu } from './share/use-share-menu';
export { startupIsUrgent } from './startup';
export { sessionSaga } from './store/session-saga';
export { selectSessionState, sessionSlice } from './store/session-slice';
export { customerShareFailed, customerShareRequested, customerShareSent } from './store/session-slice';
// The wait feature sagas make before a request while a sign-in is under way, how one starts and ends (for their tests).
export { sessionCheckRequested, sessionSignedIn } from './store/session-slice';
export { sessionSettled } from './store/settled';
// The phone-region picker's list (phone_region ordered by opconfig): /login's and the registration form's.
export { loadOfferedRegions } from './regions';
// The staff desks a stored employee record opens (the desks' own gate reads it).
export { desksOfStoredUser } from './desks';
export type { StaffDesk } from './store/types';
// Where a guest goes to sign in before an action (WeChat's authorization inside WeChat, /login elsewhere).
export { signInHref } from './sign-in-href';
