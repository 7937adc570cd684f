// The store's shared core: the root reducer slices inject into, typed hooks, the saga services'
// type and the app-wide events. Features import these from '@/store'; the app layer configures the store.
export { rootReducer, type RootState, type LazyLoadedSlices } from './rootReducer';
export { useAppDispatch, useAppSelector, type AppDispatch } from './hooks';
export type { SagaApi, SagaServices } from './services';
export { appReducer, featureSagaCrashed, sessionInvalidated, type FeatureCrash } from './appSlice';
export { lazyFeatureSaga } from './lazyFeatureSaga';
export { ssrDataHydrated, SSR_DATA_ID, type SsrData, type SsrPayloads } from './ssr';
