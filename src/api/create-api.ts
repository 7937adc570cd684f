import type { AxiosAdapter } from 'axios';
import type { Environment } from '../../config/types';
import type { ApiContext } from './client';
import { createServiceClients, type ServiceClients } from './services';
import { createLivesApi, type LivesApi } from '@/features/lives/api';
import { createAuthApi, type AuthApi } from '@/features/session/api';

/** Every client plus the per-endpoint functions bound to them; main.tsx builds one per page load. */
export interface Api {
  clients: ServiceClients;
  lives: LivesApi;
  auth: AuthApi;
}

export function createApi(environment: Environment, context: ApiContext, adapter?: AxiosAdapter): Api {
  const clients = createServiceClients(environment, context, adapter);
  return { clients, lives: createLivesApi(clients), auth: createAuthApi(clients, environment.secrets.aesKey) };
}
