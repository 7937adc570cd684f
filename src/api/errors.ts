import { AUTHORIZATION_RESTART_CODES, ErrorCode, SESSION_INVALID_CODES } from './contract/codes';

/**
 * One error type for every failed call (docs/rules/errors.md). Interceptors build it; sagas read
 * `kind` to decide what next (e.g. 'session-invalid' → push /login). Nothing here navigates.
 */
export type ApiErrorKind =
  | 'session-invalid'
  | 'network'
  | 'timeout'
  | 'http'
  | 'business'
  | 'malformed'
  /** The caller (a cancelled saga) aborted the request: never reported, never shown. */
  | 'cancelled';

export interface ApiErrorInit {
  kind: ApiErrorKind;
  /** Envelope code (error.code or code), when the server answered with one. */
  code?: number | null;
  httpStatus?: number | null;
  /** Developer-facing detail (server message, axios message); never shown to users. */
  detail?: string;
  /** Marketing-map requests: the signature header sent, the tag error reports carry. */
  requestSignature?: string | null;
  /** Service and path, for logs and error reports. */
  service?: string | null;
  url?: string | null;
}

/** Plain, serialisable view of an ApiError: what a saga puts into a failure action. */
export interface ApiErrorInfo {
  kind: ApiErrorKind;
  code: number | null;
  httpStatus: number | null;
  message: string;
}

const KIND_MESSAGES: Record<ApiErrorKind, string> = {
  'session-invalid': '登录已失效，请重新登录',
  network: '网络连接失败，请检查网络后重试',
  timeout: '请求超时，请稍后重试',
  http: '服务暂时不可用，请稍后重试',
  business: '操作失败，请稍后重试',
  malformed: '服务返回的数据有误，请稍后重试',
  cancelled: '请求已取消',
};

/** Known codes get a fixed wording; the server's own text is not guaranteed to be Chinese. */
const CODE_MESSAGES: Partial<Record<number, string>> = {
  [ErrorCode.badRequest]: '请求参数有误，请检查后重试',
  [ErrorCode.signatureMissing]: '请求校验失败，请刷新页面后重试',
  [ErrorCode.signatureInvalid]: '请求校验失败，请刷新页面后重试',
  [ErrorCode.signatureExpired]: '请求已过期，请检查手机时间设置后重试',
  [ErrorCode.signatureReplayed]: '请求重复，请稍后重试',
  [ErrorCode.notFound]: '内容不存在或已下线',
  [ErrorCode.forbidden]: '暂无权限访问',
  [ErrorCode.internal]: '服务繁忙，请稍后重试',
  [ErrorCode.wechatCodeUsed]: '授权已失效，正在重新授权',
  [ErrorCode.wechatCodeInvalid]: '授权已失效，正在重新授权',
  [ErrorCode.shareAuthRestart]: '授权已失效，正在重新授权',
};

const HAS_CJK = /[\u4e00-\u9fff]/;

/** The user-facing text: fixed per code, else the server's text if it is Chinese, else per kind. */
export function userMessage(kind: ApiErrorKind, code: number | null, serverMessage?: string): string {
  if (SESSION_INVALID_CODES.includes(code ?? NaN)) return KIND_MESSAGES['session-invalid'];
  const known = code === null ? undefined : CODE_MESSAGES[code];
  if (known) return known;
  if (kind === 'business' && serverMessage && HAS_CJK.test(serverMessage)) return serverMessage;
  if (kind === 'business' && code !== null) return `${KIND_MESSAGES.business}（错误码 ${code}）`;
  return KIND_MESSAGES[kind];
}

export class ApiError extends Error {
  override readonly name = 'ApiError';
  readonly kind: ApiErrorKind;
  readonly code: number | null;
  readonly httpStatus: number | null;
  readonly detail: string;
  readonly requestSignature: string | null;
  readonly service: string | null;
  readonly url: string | null;

  constructor(init: ApiErrorInit) {
    const code = init.code ?? null;
    super(userMessage(init.kind, code, init.detail));
    this.kind = init.kind;
    this.code = code;
    this.httpStatus = init.httpStatus ?? null;
    this.detail = init.detail ?? '';
    this.requestSignature = init.requestSignature ?? null;
    this.service = init.service ?? null;
    this.url = init.url ?? null;
  }

  toJSON(): ApiErrorInfo {
    return apiErrorInfo(this);
  }
}

export function isApiError(error: unknown): error is ApiError {
  return error instanceof ApiError;
}

/** Session codes 210001-210003 (docs/rules/errors.md#session-invalid): the saga sends the user to /login. */
export function isSessionInvalid(error: unknown): boolean {
  return isApiError(error) && error.kind === 'session-invalid';
}

/** Web-chat code 40163/40029 and share-page code -1 (docs/rules/errors.md#authorization-restart): the auth saga restarts authorization. */
export function restartsAuthorization(error: unknown): boolean {
  return isApiError(error) && error.kind === 'business' && AUTHORIZATION_RESTART_CODES.includes(error.code ?? NaN);
}

/** Any thrown value as plain data for a failure action (actions stay serialisable for replay). */
export function apiErrorInfo(error: unknown): ApiErrorInfo {
  if (isApiError(error)) {
    return { kind: error.kind, code: error.code, httpStatus: error.httpStatus, message: error.message };
  }
  return { kind: 'malformed', code: null, httpStatus: null, message: KIND_MESSAGES.malformed };
}
