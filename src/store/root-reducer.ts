import { combineSlices } from '@reduxjs/toolkit';

import { appReducer } from './app-slice';

/**
 * Every feature slice, declared by the feature itself (declaration merging):
 *
 *     declare module '@/store/root-reducer' {
 *       export interface LazyLoadedSlices extends WithSlice<typeof mySlice> {}
 *     }
 *
 * and injected from its own slice file (`mySlice.injectInto(rootReducer)`), so this layer never
 * imports a feature. The app layer imports the home screen's slices before it builds the store
 * (src/app/store/eager-slices.ts); the others are injected when their chunk loads.
 */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type -- augmented by each feature
export interface LazyLoadedSlices {}

/**
 * The store's reducer: the app shell's slice plus whatever feature slices have been injected so
 * far. The replay (Node CLI, viewer, tests) uses src/app/store/full-reducer.ts instead.
 */
export const rootReducer = combineSlices({ app: appReducer }).withLazyLoadedSlices<LazyLoadedSlices>();

/** Feature slices are optional here: read them through their slice's selectors (initial state until injected). */
export type RootState = ReturnType<typeof rootReducer>;
