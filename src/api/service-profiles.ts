import type { ServiceEndpoints } from '../../config/types';
import type { NetworkErrorPolicy } from './client';
import type { ServiceClient } from './client-meta';
import { CredentialHeader, TRACKING_APP_ID } from './contract/headers';
import type { RequestSignature } from './signing';

/** The remote services of docs/rules/services.md#headers-and-signatures, named as the environment's endpoints are. */
export type ServiceName = keyof ServiceEndpoints;
/** What features call: the clients' one request method (client-meta.ts), axios or its lazy stand-in. */
export type ServiceClients = Record<ServiceName, ServiceClient>;

/**
 * Request timeouts (docs/rules/constants.md#timeouts): 360000 ms by default; the marketing map 60000 ms.
 * The "one client 1 minute" is read as the own tracking backend (docs/rules/constants.md#timeouts): usage events are cheap to
 * lose and must not hold a connection open for six minutes on a phone.
 */
export const TIMEOUT_MS = { default: 360_000, marketMap: 60_000, tracking: 60_000 } as const;

interface ServiceProfile {
  timeoutMs: number;
  signature: RequestSignature;
  secret: 'signing' | 'marketMap';
  onNetworkError: NetworkErrorPolicy;
  sendToken: boolean;
  sendMgmToken?: boolean;
  headers?: Record<string, string>;
  reportFailures?: boolean;
}

const standard: ServiceProfile = {
  timeoutMs: TIMEOUT_MS.default,
  signature: 'basic',
  secret: 'signing',
  // The rule in docs/rules/errors.md#network-failures names only the live and invitation clients as answering an empty value.
  onNetworkError: 'reject',
  sendToken: true,
};

/** How each client differs from the standard one (docs/rules/services.md, docs/rules/errors.md, docs/rules/constants.md). */
export const SERVICE_PROFILES: Record<ServiceName, ServiceProfile> = {
  // Content-signed endpoints of the live service pass `signature: 'content'` per request.
  liveService: { ...standard, onNetworkError: 'empty' },
  liveApp: { ...standard, onNetworkError: 'empty' },
  chatRoom: standard,
  chatGroup: standard,
  invitation: { ...standard, onNetworkError: 'empty', sendMgmToken: true },
  common: standard,
  // The marketing map knows the adviser by sid (accountid header), not by the user token.
  marketMap: {
    ...standard,
    timeoutMs: TIMEOUT_MS.marketMap,
    signature: 'marketMap',
    secret: 'marketMap',
    sendToken: false,
    reportFailures: true,
  },
  tracking: {
    ...standard,
    timeoutMs: TIMEOUT_MS.tracking,
    headers: { [CredentialHeader.appId]: TRACKING_APP_ID },
  },
};

export const SERVICE_NAMES = Object.keys(SERVICE_PROFILES) as ServiceName[];
