/**
 * The past-tense events of the adviser's work that own tracking listens to, by type string: this file is in
 * the first load (the channel opens at start, so nothing is lost while the marketing chunk loads), and a
 * string costs nothing where importing the marketing slices would pull them into the first load.
 * The app's tests check every string against the action creator it stands for.
 */
export const AdviserWorkType = {
  cardListLoaded: 'workbench/cardListLoaded',
  cardSnoozeRequested: 'workbench/cardSnoozeRequested',
  cardIgnoreRequested: 'workbench/cardIgnoreRequested',
  cardStateChanged: 'workbench/cardStateChanged',
  cardActionFailed: 'workbench/cardActionFailed',
  handleSubmitted: 'workbench/handleSubmitted',
  cardRestored: 'marketingPages/cardRestored',
  searchLoaded: 'marketingPages/searchLoaded',
  forwardDecided: 'materials/forwardDecided',
  productShareSent: 'productShare/productShareSent',
  pageViewed: 'tracking/pageViewed',
  // Reaching the customer (发消息 / 打电话): one line each, whichever slice dispatches them.
  customerMessageStarted: 'marketing/customerMessageStarted',
  customerCallStarted: 'marketing/customerCallStarted',
} as const;
export const ADVISER_WORK_TYPES: readonly string[] = Object.values(AdviserWorkType);
