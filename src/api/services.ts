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
  for (const service of SERVICE_NAMES) {
    const { secret, ...profile } = SERVICE_PROFILES[service];
    clients[service] = createServiceClient({
      ...profile,
      service,
      baseURL: environment.endpoints[service],
      secret: environment.secrets[secret],
      context,
      adapter,
    });
  }
  return clients;
}
