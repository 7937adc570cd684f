import type { ServiceClients } from '@/api';

/**
 * What sagas call remote services through. A feature that binds its api.ts functions for its
 * sagas adds them here by declaration merging (`declare module '@/store/services'`).
 */
export interface SagaApi {
  /** The shared axios client per remote service; a feature's api.ts functions take them. */
  clients: ServiceClients;
}

/**
 * Everything sagas reach the outside world through. Tests provide fakes; the app builds
 * the real ones in src/app/services.ts from the environment. Features add their own optional
 * services (tracking, actionLog, auth) by declaration merging, so this layer imports no feature.
 */
export interface SagaServices {
  api: SagaApi;
  navigate(to: string, options?: { replace?: boolean }): void;
  /** Path + query of the page now, so /login can bring the user back. */
  currentPath(): string;
  now(): number;
}
