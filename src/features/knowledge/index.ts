import type * as Api from './api';

// The knowledge store's public surface. Screens are loaded by the app's route map; the slice
// injects itself from the screens' chunks, so only the saga's watchers are in the first load.
export { knowledgeSaga } from './store/knowledge-saga';
// The store's requests for a screen of another feature (我的): loaded with their first call, never with the home.
export type StoreApi = typeof Api;
export const loadStoreApi = (): Promise<StoreApi> => import(/* webpackChunkName: "knowledge-api" */ './api');
