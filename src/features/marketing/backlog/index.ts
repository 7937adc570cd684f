// The backlog of waiting cards an adviser pulls from.
// Public surface: sibling sub-features and the app import only this file.
export { backlogWatchers } from './store/backlog-saga';
