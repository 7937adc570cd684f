import type { ComponentType } from 'react';

import type { AppRoute } from '@/routes';

/** A screen module as webpack's import() resolves it: the screen is the default export. */
export type ScreenModule = { default: ComponentType };
export type ScreenLoader = () => Promise<ScreenModule>;

/** A route of the table joined with its lazily loaded screen (own chunk, retried after a failed load). */
export interface ScreenRoute extends AppRoute {
  Screen: ComponentType;
  /** Starts the chunk download early. */
  preload: () => Promise<unknown>;
}
