import { combineSlices, type Slice, type SliceCaseReducers, type SliceSelectors } from '@reduxjs/toolkit';

import { appReducer } from './app-slice';

/**
 * Every feature slice, declared by the feature itself (declaration merging):
 *
 *     declare module '@/store/root-reducer' {
 *       export interface LazyLoadedSlices extends WithSlice<typeof mySlice> {}
 *     }
 *
 * and injected from its own slice file (`export const selectMine = injectSlice(mySlice)`), so this layer never
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

/**
 * Injects a feature's slice into the root reducer (when the calling module loads) and returns the selector of its
 * state: the slice's initial state until it is injected. The slice's own `declare module` above stays in its file:
 * TypeScript merges a declaration only where it is written.
 */
export function injectSlice<
  State,
  CaseReducers extends SliceCaseReducers<State>,
  Name extends string,
  ReducerPath extends string,
  Selectors extends SliceSelectors<State>,
>(slice: Slice<State, CaseReducers, Name, ReducerPath, Selectors>) {
  return slice.injectInto(rootReducer).selectSlice;
}
