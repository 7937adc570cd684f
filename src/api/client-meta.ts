import type { AxiosInstance, AxiosResponse } from 'axios';

/**
 * What the first load needs to know about a client without axios itself: the one method requests go through,
 * the service a client was built for and the empty answer of a network failure. axios loads with the first
 * request or after the load event (lazy-clients.ts).
 */
export type ServiceClient = Pick<AxiosInstance, 'request'> & {
  /** The base address, for what cannot go through the client (sendBeacon, a PDF's signed address). */
  readonly defaults: { baseURL?: string };
};

const serviceNames = new WeakMap<ServiceClient, string>();

export function nameClient(client: ServiceClient, service: string): void {
  serviceNames.set(client, service);
}

/** The service name a client was built for (errors and reports name it). */
export function serviceOf(client: ServiceClient): string | null {
  return serviceNames.get(client) ?? null;
}

/** statusText of the response a client on the 'empty' policy resolves after a network failure. */
export const NETWORK_EMPTY_STATUS_TEXT = 'network-error-empty';

export function isNetworkEmptyResponse(response: AxiosResponse): boolean {
  return response.status === 0 && response.statusText === NETWORK_EMPTY_STATUS_TEXT;
}
