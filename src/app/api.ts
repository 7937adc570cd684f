import type { AxiosAdapter } from 'axios';

import type { Environment } from '../../config/types';

import { type ApiContext, createLazyServiceClients, type ServiceClients } from '@/api';
import { createLivesApi, type LivesApi } from '@/features/lives';
import { type AuthApi, createAuthApi } from '@/features/session';

/**
 * Every client plus the features' endpoint functions bound to them; src/app/boot.tsx builds one per page
 * load. Composition lives here, in the app: src/api knows no feature.
 */
export interface Api {
  clients: ServiceClients;
  lives: LivesApi;
  auth: AuthApi;
}

/** The api, and `preload`: loads the HTTP layer (axios, interceptors) before a first request waits for it. */
export function createApi(
  environment: Environment,
  context: ApiContext,
  adapter?: AxiosAdapter,
): { api: Api; preload: () => Promise<unknown> } {
  const { clients, load } = createLazyServiceClients(environment, context, adapter);
  const api = { clients, lives: createLivesApi(clients), auth: createAuthApi(clients, environment.secrets.aesKey) };
  return { api, preload: load };
}
