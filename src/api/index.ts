/** The client HTTP layer's public surface: what main.tsx and the sagas import. */
export {
  createServiceClient,
  isNetworkEmptyResponse,
  type ApiContext,
  type Credentials,
  type ReportError,
  type ServiceClientOptions,
  type NetworkErrorPolicy,
} from './client';
export { createServiceClients, SERVICE_PROFILES, TIMEOUT_MS, type ServiceClients, type ServiceName } from './services';
export { request, requestData, unwrap, type DataCheck, type RequestOptions, type CancellablePromise } from './request';
export {
  ApiError,
  apiErrorInfo,
  isApiError,
  isSessionInvalid,
  restartsAuthorization,
  type ApiErrorInfo,
  type ApiErrorKind,
} from './errors';
export type { RequestSignature } from './signing';
export { currentEnvironment } from './environment';
export { ErrorCode } from './contract/codes';
export type { AppKey } from './contract/common';
