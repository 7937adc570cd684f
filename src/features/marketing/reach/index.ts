// Reaching a customer: 打电话, 发消息 with its send options and consent, the latest contacts.
// Public surface: sibling sub-features and the app import only this file.
export { ReachActions } from './components/ReachActions';
export { RecentContacts } from './components/RecentContacts';
export { reachWatchers } from './store/reach-saga';
