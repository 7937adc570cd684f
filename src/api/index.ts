/** The client HTTP layer's public surface: what the entry (src/app/boot.tsx) and the sagas import. */
// Types only from the axios layer: the first load takes its clients from lazy-clients.ts.
export type { ApiContext, Credentials, NetworkErrorPolicy, ReportError, ServiceClientOptions } from './client';
export { isNetworkEmptyResponse, type ServiceClient } from './client-meta';
export { ErrorCode } from './contract/codes';
export type { AppKey } from './contract/common';
export { currentEnvironment } from './environment';
export {
  ApiError,
  type ApiErrorInfo,
  apiErrorInfo,
  type ApiErrorKind,
  isApiError,
  isSessionInvalid,
  restartsAuthorization,
} from './errors';
export { createLazyServiceClients, type LazyServiceClients } from './lazy-clients';
export { type CancellablePromise, type DataCheck, request, requestData, type RequestOptions, unwrap } from './request';
export type { RequestObserver } from './request-record';
export { SERVICE_PROFILES, type ServiceClients, type ServiceName, TIMEOUT_MS } from './service-profiles';
export type { RequestSignature } from './signing';
