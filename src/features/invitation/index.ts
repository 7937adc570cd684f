/** The invitation feature's public surface (issue 19). Screens load through the route table. */
export { invitationSaga } from './store/invitationSaga';
export type { InvitationState } from './store/invitationSlice';
