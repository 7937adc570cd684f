import type { AxiosAdapter, AxiosInstance, AxiosRequestConfig, AxiosResponse } from 'axios';

import type { Environment } from '../../config/types';
import type { ApiContext } from './client';
import { nameClient, NETWORK_EMPTY_STATUS_TEXT, type ServiceClient } from './client-meta';
import { ApiError } from './errors';
import { SERVICE_NAMES, SERVICE_PROFILES, type ServiceClients, type ServiceName } from './service-profiles';
import type * as Services from './services';

import { nextTask } from '@/lib/tasks';

export interface LazyServiceClients {
  clients: ServiceClients;
  /** Loads axios and builds the real clients now (after the load event); the first request does it otherwise. */
  load(): Promise<unknown>;
}

/**
 * The clients of createServiceClients, with axios and the interceptors loaded by the first request (or by `load`):
 * a server-rendered first screen shows and hydrates without them. A failed load is retried by the next request, and
 * the request it held fails as the network failure it is, by the client's policy (docs/rules/errors.md#network-failures): an empty value on the
 * live and invitation clients, ApiError 'network' elsewhere.
 */
export function createLazyServiceClients(
  environment: Environment,
  context: ApiContext,
  adapter?: AxiosAdapter,
): LazyServiceClients {
  // axios is evaluated in one task and a service's client made in the next, as its first request asks for it: the
  // evaluation, every client's making and the first requests were one task of about 140 ms on a slowed phone.
  let loaded: Promise<typeof Services> | null = null;
  const load = () =>
    (loaded ??= import(/* webpackChunkName: "api-clients" */ './services').then(
      async (m) => {
        await nextTask();
        return m;
      },
      (error: unknown) => {
        loaded = null;
        throw error;
      },
    ));
  const made = new Map<ServiceName, AxiosInstance>();
  const real = (m: typeof Services, service: ServiceName) => {
    let client = made.get(service);
    if (!client) {
      client = m.createServiceClientOf(service, environment, context, adapter);
      made.set(service, client);
    }
    return client;
  };
  const clients = {} as ServiceClients;
  for (const service of SERVICE_NAMES) {
    // The same generic signature as axios's: the answer is whatever the real client's is.
    const request = ((config: AxiosRequestConfig) => {
      const origin = context.requestOrigin?.();
      const asked: AxiosRequestConfig = context.requestOrigin ? { ...config, logOrigin: () => origin } : config;
      return load().then(
        (m) => real(m, service).request(asked),
        (error: unknown) => notLoaded(service, config, error, context),
      );
    }) as ServiceClient['request'];
    const client: ServiceClient = { request, defaults: { baseURL: environment.endpoints[service] } };
    nameClient(client, service);
    clients[service] = client;
  }
  return { clients, load };
}

/** The answer the real client gives when the network fails, for a request whose client could not load. */
function notLoaded(
  service: ServiceName,
  config: AxiosRequestConfig,
  cause: unknown,
  context: ApiContext,
): AxiosResponse<null> {
  const profile = SERVICE_PROFILES[service];
  const error = new ApiError({
    kind: 'network',
    code: null,
    detail: cause instanceof Error ? cause.message : String(cause),
    httpStatus: null,
    requestSignature: null,
    service,
    url: config.url ?? null,
  });
  try {
    if (profile.reportFailures) context.reportError?.(error, { tags: { signature: '' } });
  } catch {
    // A broken reporter must never change what the caller sees.
  }
  if (profile.onNetworkError === 'empty') {
    return { data: null, status: 0, statusText: NETWORK_EMPTY_STATUS_TEXT, headers: {}, config } as AxiosResponse<null>;
  }
  throw error;
}
