import type { AxiosAdapter, AxiosInstance } from 'axios';

import type { Environment } from '../../config/types';
import { type ApiContext, createServiceClient } from './client';
import { SERVICE_NAMES, SERVICE_PROFILES, type ServiceName } from './service-profiles';

export { SERVICE_PROFILES, type ServiceClients, type ServiceName, TIMEOUT_MS } from './service-profiles';

/** Every client of one environment, built by the one factory. */
export function createServiceClients(
  environment: Environment,
  context: ApiContext,
  adapter?: AxiosAdapter,
): Record<ServiceName, AxiosInstance> {
  const clients = {} as Record<ServiceName, AxiosInstance>;
  for (const service of SERVICE_NAMES) clients[service] = createServiceClientOf(service, environment, context, adapter);
  return clients;
}

/** One service's client, as createServiceClients makes it (the lazy clients make each at its first request). */
export function createServiceClientOf(
  service: ServiceName,
  environment: Environment,
  context: ApiContext,
  adapter?: AxiosAdapter,
): AxiosInstance {
  const { secret, ...profile } = SERVICE_PROFILES[service];
  return createServiceClient({
    ...profile,
    service,
    baseURL: environment.endpoints[service],
    secret: environment.secrets[secret],
    context,
    adapter,
  });
}
