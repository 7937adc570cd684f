import type { TSchema } from '@sinclair/typebox';
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';

import { ErrorResponse } from '../../src/api/contract/common';
import { type Envelope, ErrorCode } from '../../src/api/contract/envelope';

/** A failure the client is meant to see: HTTP status plus the envelope's error code. */
export class ApiError extends Error {
  constructor(
    readonly statusCode: number,
    readonly envelopeCode: number,
    message: string,
    /** For a 429: when the same request would pass (sent as Retry-After). */
    readonly retryAfterSeconds?: number,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

export const badRequest = (message: string) => new ApiError(400, ErrorCode.badRequest, message);
export const notFound = (message: string) => new ApiError(404, ErrorCode.notFound, message);
export const forbidden = (message: string) => new ApiError(403, ErrorCode.forbidden, message);
export const unauthorized = (code: number, message: string) => new ApiError(401, code, message);
/** A refusal for now: 429 with the seconds until the same request would pass. */
export const tooManyRequests = (code: number, message: string, retryAfterSeconds: number) =>
  new ApiError(429, code, message, Math.max(1, Math.ceil(retryAfterSeconds)));

/** Without a wait of its own, a 429 tells the client to come back in a minute (every limit here counts in minutes or more). */
const DEFAULT_RETRY_AFTER_SECONDS = 60;

export function ok<T>(data: T): Envelope<T> {
  return { error: { code: ErrorCode.ok, message: 'ok' }, data };
}

export function failure(code: number, message: string): Envelope<null> {
  return { error: { code, message }, data: null };
}

/** Response schemas of a route: its success envelope plus the one error envelope. */
export function responses<T extends TSchema>(success: T) {
  return { 200: success, '4xx': ErrorResponse, '5xx': ErrorResponse } as const;
}

function isApiError(err: unknown): err is ApiError {
  return err instanceof Error && typeof (err as Partial<ApiError>).envelopeCode === 'number';
}

/**
 * Every error ends here and leaves as the envelope. Messages of expected failures go out
 * as they are; anything unexpected is logged whole and answered without its details.
 */
export function errorHandler(err: FastifyError | ApiError, request: FastifyRequest, reply: FastifyReply) {
  let status: number;
  let code: number;
  let message: string;
  if (isApiError(err)) {
    [status, code, message] = [err.statusCode, err.envelopeCode, err.message];
  } else if ((err as FastifyError).validation || (err as FastifyError).code === 'FST_ERR_VALIDATION') {
    [status, code, message] = [400, ErrorCode.badRequest, err.message];
  } else if (err.statusCode && err.statusCode >= 400 && err.statusCode < 500) {
    // Fastify's own client errors (bad JSON, wrong content type, body too large) are safe to show.
    status = err.statusCode;
    code = status === 404 ? ErrorCode.notFound : ErrorCode.badRequest;
    message = err.message;
  } else {
    request.log.error({ err }, 'unhandled error');
    [status, code, message] = [500, ErrorCode.internal, 'Internal server error'];
  }
  if (status >= 500 && isApiError(err)) request.log.error({ err }, 'server error');
  // Every 429 says when to come back, whichever limit answered it.
  if (status === 429 && !reply.hasHeader('retry-after')) {
    reply.header(
      'retry-after',
      String(isApiError(err) && err.retryAfterSeconds ? err.retryAfterSeconds : DEFAULT_RETRY_AFTER_SECONDS),
    );
  }
  return reply.code(status).type('application/json; charset=utf-8').send(failure(code, message));
}
