/** The invitation feature's public surface (issue 19). Screens load through the route table. */
export { invitationSaga } from './store/invitation-saga';
export type { InvitationState } from './store/invitation-slice';
