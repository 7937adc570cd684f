import { timingSafeEqual } from 'node:crypto';
import type { FastifyRequest, preValidationAsyncHookHandler } from 'fastify';

import { APP_KEYS } from '../../src/api/contract/common';
import { ErrorCode } from '../../src/api/contract/envelope';
import { SignatureHeader } from '../../src/api/contract/headers';
import { signableParams, signatureFor, type SignatureScheme } from '../../src/api/contract/signature';
import { unauthorized } from '../http/errors';
import type { NonceClaims } from './nonces';

export interface SignatureSecrets {
  signing: string;
  marketMap: string;
}

export interface SignatureDeps {
  now: () => Date;
  windowSeconds: number;
  nonces: NonceClaims;
  secrets: SignatureSecrets;
}

type Headers = FastifyRequest['headers'];

function header(headers: Headers, name: string): string | undefined {
  const v = headers[name];
  return typeof v === 'string' && v.length > 0 ? v : undefined;
}

const APP_KEY_SET: ReadonlySet<string> = new Set(APP_KEYS);

function sameHex(a: string, b: string): boolean {
  const x = Buffer.from(a.toLowerCase());
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}

/**
 * Checks one request's signature headers the way the real services do, in the order
 * that leaks least: all headers present, known app, fresh timestamp, correct digest,
 * and only then the nonce is spent (so a forged request cannot burn an honest nonce).
 */
export async function verifySignature(
  scheme: SignatureScheme,
  req: Pick<FastifyRequest, 'headers' | 'query' | 'body'>,
  deps: SignatureDeps,
): Promise<void> {
  const signature = header(req.headers, SignatureHeader.signature);
  const timestamp = header(req.headers, SignatureHeader.timestamp);
  const nonce = header(req.headers, SignatureHeader.nonce);
  const identityHeader = scheme === 'marketMap' ? SignatureHeader.accountId : SignatureHeader.appKey;
  const identity = header(req.headers, identityHeader);
  const missing = [
    [SignatureHeader.signature, signature],
    [SignatureHeader.timestamp, timestamp],
    [SignatureHeader.nonce, nonce],
    [identityHeader, identity],
  ]
    .filter(([, v]) => v === undefined)
    .map(([k]) => k);
  if (missing.length > 0 || !signature || !timestamp || !nonce || !identity) {
    throw unauthorized(ErrorCode.signatureMissing, `Missing signature header(s): ${missing.join(', ')}`);
  }
  if (scheme !== 'marketMap' && !APP_KEY_SET.has(identity)) {
    throw unauthorized(
      ErrorCode.signatureInvalid,
      `Unknown appkey "${identity}": expected one of ${APP_KEYS.join(', ')}`,
    );
  }
  if (!/^\d{1,12}$/.test(timestamp)) {
    throw unauthorized(ErrorCode.signatureInvalid, 'The timestamp header must be unix seconds');
  }
  if (nonce.length > 128)
    throw unauthorized(ErrorCode.signatureInvalid, 'The nonce header is longer than 128 characters');
  const ts = Number(timestamp);
  const nowSec = Math.floor(deps.now().getTime() / 1000);
  if (Math.abs(nowSec - ts) > deps.windowSeconds) {
    const which = ts < nowSec ? 'stale' : 'in the future';
    throw unauthorized(
      ErrorCode.signatureExpired,
      `Signature timestamp is ${which}: allowed skew is ${deps.windowSeconds} s`,
    );
  }
  const expected = expectedSignature(scheme, req, { timestamp: ts, nonce, identity }, deps.secrets);
  if (!sameHex(signature, expected))
    throw unauthorized(ErrorCode.signatureInvalid, 'Signature does not match the request');
  if (!(await deps.nonces.claim(`${scheme}:${identity}:${nonce}`, ts, nowSec))) {
    throw unauthorized(ErrorCode.signatureReplayed, 'Nonce already used: each request needs a fresh nonce');
  }
}

function expectedSignature(
  scheme: SignatureScheme,
  req: Pick<FastifyRequest, 'query' | 'body'>,
  p: { timestamp: number; nonce: string; identity: string },
  secrets: SignatureSecrets,
): string {
  const secret = scheme === 'marketMap' ? secrets.marketMap : secrets.signing;
  const params = scheme === 'content' ? signableParams(req.query, req.body) : undefined;
  return signatureFor({ scheme, ...p, secret, params });
}

/** preValidation hook: runs on the parsed but not yet coerced request, as the client signed it. */
export function signatureGuard(scheme: SignatureScheme, deps: SignatureDeps): preValidationAsyncHookHandler {
  const guard: preValidationAsyncHookHandler = async (request) => verifySignature(scheme, request, deps);
  // Tagged, so tests walking the route table can sign each route the way it wants.
  return Object.assign(guard, { signatureScheme: scheme });
}

/** The scheme a route's preValidation hooks verify, if any (see signatureGuard). */
export function signatureSchemeOf(preValidation: unknown): SignatureScheme | null {
  const hooks = Array.isArray(preValidation) ? preValidation : preValidation ? [preValidation] : [];
  for (const hook of hooks) {
    const scheme = (hook as { signatureScheme?: SignatureScheme }).signatureScheme;
    if (scheme) return scheme;
  }
  return null;
}
