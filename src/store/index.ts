// The store's shared core: the root reducer slices inject into, typed hooks, the saga services'
// type and the app-wide events. Features import these from '@/store'; the app layer configures the store.
export { type FeatureCrash, featureSagaCrashed, sessionInvalidated } from './app-slice';
export { useAppDispatch, useAppSelector } from './hooks';
export { lazyFeatureSaga } from './lazy-feature-saga';
export { nextPageOpen, statusAfterFailure } from './paged';
export { injectSlice, rootReducer, type RootState } from './root-reducer';
export type { SagaServices } from './services';
export { SSR_DATA_ID, type SsrData, ssrDataHydrated, type SsrPayloads } from './ssr';
export { NEXT_PAGE, useRefresh } from './use-refresh';
