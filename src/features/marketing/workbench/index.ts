// The adviser's workbench: today, chance and clue lists, counts, search, ignored cards, users, settings.
// Public surface: sibling sub-features and the app import only this file.
export { type CardSheet, CardSheetButtons } from './components/CardParts';
export { HandleSheet } from './components/HandleSheet';
export { IgnoreSheet } from './components/IgnoreSheet';
export { SnoozeSheet } from './components/SnoozeSheet';
export { clueQueueSaga } from './store/clue-queue-saga';
export { pagesWatchers } from './store/pages-saga';
// What a search answered, for the action log's redaction test of the workbench's personal fields.
export { searchLoaded } from './store/pages-slice';
export { loadOptions, workbenchWatchers } from './store/workbench-saga';
export {
  selectCardBusy,
  selectHandleOptions,
  selectPendingTargets,
  selectWorkbenchNotice,
} from './store/workbench-selectors';
export {
  cardHandlingRequested,
  cardIgnoreRequested,
  cardOpened,
  cardSnoozeRequested,
  cardStateChanged,
  clueSubmitSucceeded,
  handleOptionsLoaded,
  handleSubmitted,
  workbenchNoticeDismissed,
} from './store/workbench-slice';
