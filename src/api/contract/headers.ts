/**
 * Request header names, lower case, as Node and axios see them. Plain: no TypeBox, no digest code (signature.ts
 * holds the signing itself, and MD5 with it), so code that only names a header stays out of crypto-js.
 */
export const CredentialHeader = {
  /** `Bearer <token>`: the stored user token (docs/rules/states.md#authorization). */
  authorization: 'authorization',
  /** Invitation service session token (docs/rules/services.md#invitation-service). */
  mgmToken: 'mgmtoken',
  /** Own tracking backend marker (docs/rules/services.md#headers-and-signatures). */
  appId: 'appid',
} as const;

/** Value of the appid header on own tracking backend requests. */
export const TRACKING_APP_ID = 'live';

/** `Authorization` value for a stored token; the server strips the same prefix. */
export function bearer(token: string): string {
  return `Bearer ${token}`;
}

/** The signature headers (docs/rules/services.md#headers-and-signatures). */
export const SignatureHeader = {
  signature: 'signature',
  timestamp: 'timestamp',
  nonce: 'nonce',
  /** Application identifier of docs/rules/roles.md#application-identifiers (wna, smile, gopher). */
  appKey: 'appkey',
  /** Marketing-map identity: the adviser's sid (docs/rules/services.md#marketing-map). */
  accountId: 'accountid',
} as const;
