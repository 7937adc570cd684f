// The cache of server reads every marketing screen shares (one slice keyed by kind and params) and its fetchers.
// Public surface: sibling sub-features and the app import only this file.
export { useDetail, useDetailList } from './components/use-detail';
export { detailsWatchers } from './store/details-saga';
export type { DetailsState } from './store/details-slice';
export { detailKey, detailListRequested, detailLoaded, detailRequested, selectDetails } from './store/details-slice';
export { pullCard } from './store/fetchers/backlog-fetchers';
export type { Clients } from './store/fetchers/fetcher-types';
export { createProductShare, recordProductShare } from './store/fetchers/products-fetchers';
