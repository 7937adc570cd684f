// The staff desks (专家回答, 审核台, 合规记录): screens are loaded by the app's route map; the slice
// injects itself from the screens' chunks, so only this lazy saga is in the first load.
export { deskAccessSaga } from './store/desk-access-saga';
export { staffSaga } from './store/staff-saga';
