/** The client HTTP layer's public surface: what main.tsx and the sagas import. */
export {
  type ApiContext,
  createServiceClient,
  type Credentials,
  isNetworkEmptyResponse,
  type NetworkErrorPolicy,
  type ReportError,
  type ServiceClientOptions,
} from './client';
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
export { type CancellablePromise, type DataCheck, request, requestData, type RequestOptions, unwrap } from './request';
export { createServiceClients, SERVICE_PROFILES, type ServiceClients, type ServiceName, TIMEOUT_MS } from './services';
export type { RequestSignature } from './signing';
