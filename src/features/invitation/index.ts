import type * as Api from './api';

/** The invitation feature's public surface. Screens load through the route table. */
export { invitationSaga } from './store/invitation-saga';
// The program's requests for a screen of another feature (我的): loaded with their first call, never with the home.
export type InvitationApi = typeof Api;
export const loadInvitationApi = (): Promise<InvitationApi> => import(/* webpackChunkName: "invitation-api" */ './api');
