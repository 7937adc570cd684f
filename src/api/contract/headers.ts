/**
 * Request headers other than the signature ones (those are SignatureHeader in
 * signature.ts). Lower case, as Node and axios see them. Plain: no TypeBox.
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
