// The store's shared core: the root reducer slices inject into, typed hooks, the saga services'
// type and the app-wide events. Features import these from '@/store'; the app layer configures the store.
export { rootReducer, type RootState, type LazyLoadedSlices } from './root-reducer';
export { useAppDispatch, useAppSelector, type AppDispatch } from './hooks';
export type { SagaApi, SagaServices } from './services';
export { appReducer, featureSagaCrashed, sessionInvalidated, type FeatureCrash } from './app-slice';
export { lazyFeatureSaga } from './lazy-feature-saga';
export { ssrDataHydrated, SSR_DATA_ID, type SsrData, type SsrPayloads } from './ssr';
