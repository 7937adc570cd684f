import { createAction } from '@reduxjs/toolkit';

/**
 * What the server rendered a first screen from, one entry per feature that
 * preloads: a feature adds its key with `declare module '@/store/ssr' { interface SsrPayloads { … } }`.
 */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type
export interface SsrPayloads {}

export interface SsrData {
  /** The route the server rendered (a RouteName). */
  route: string;
  /** The address it rendered, path and query. */
  url: string;
  data: Partial<SsrPayloads>;
}

/**
 * The server's preloaded data entering the store: ONE action, dispatched before hydration, so a
 * recorded action log replays to the very state the server rendered.
 */
export const ssrDataHydrated = createAction<SsrData>('app/ssrDataHydrated');

/** The id of the page's JSON data block (type application/json: data, never run, so the CSP allows it). */
export const SSR_DATA_ID = '__ssr_data';
