import { createHash } from 'node:crypto';

/**
 * What the database keeps of a session token, sid or mgmtoken: its SHA-256 in hex. The token is
 * 24 random bytes, so no salt or slow hash is needed; a copy of the table signs no one in.
 * Migration 0021 hashed the rows issued before it with the same function (sha256 over UTF-8, hex).
 */
export function tokenHash(token: string): string {
  return createHash('sha256').update(token, 'utf8').digest('hex');
}
