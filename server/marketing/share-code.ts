import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { eq } from 'drizzle-orm';

import type { SharePage } from '../../src/api/contract/market-map-products';
import type { Db } from '../db/client';
import { mktJobState } from '../db/schema';

/**
 * Share codes for the customer-facing product pages: stateless, `payload.mac` where the payload names
 * adviser, product, page and expiry, and the mac is an HMAC-SHA256 (first 16 bytes) under a server-only
 * key. The key is made once and kept in the database (mkt_job_state), so every server on one database
 * agrees and nothing about it ships in the client bundle (unlike the request-signing secrets).
 */
export interface ShareClaims {
  adviserId: number;
  productId: number;
  page: SharePage;
  /** Unix seconds. */
  exp: number;
  /** The link's row (mkt_share_links): whom it was checked for. Null in a code made before links named a customer. */
  shareId: number | null;
}

export const SHARE_TTL_DAYS = 7;
const KEY_NAME = 'share_code_key';

export async function shareKey(db: Db, now: Date): Promise<Buffer> {
  await db
    .insert(mktJobState)
    .values({ name: KEY_NAME, value: randomBytes(32).toString('hex'), updatedAt: now })
    .onConflictDoNothing();
  const [row] = await db.select().from(mktJobState).where(eq(mktJobState.name, KEY_NAME));
  return Buffer.from(row!.value, 'hex');
}

const mac = (key: Buffer, payload: string) => createHmac('sha256', key).update(payload).digest().subarray(0, 16);

export function signShareCode(key: Buffer, c: ShareClaims): string {
  const payload = Buffer.from(
    `${c.adviserId}~${c.productId}~${c.page}~${c.exp}${c.shareId === null ? '' : `~${c.shareId}`}`,
  ).toString('base64url');
  return `${payload}.${mac(key, payload).toString('base64url')}`;
}

/** The claims of a genuine code, 'expired' past its expiry, 'invalid' for anything else. */
export function verifyShareCode(key: Buffer, code: string, now: Date): ShareClaims | 'invalid' | 'expired' {
  const m = /^([A-Za-z0-9_-]+)\.([A-Za-z0-9_-]+)$/.exec(code);
  if (!m) return 'invalid';
  const given = Buffer.from(m[2]!, 'base64url');
  const want = mac(key, m[1]!);
  if (given.length !== want.length || !timingSafeEqual(given, want)) return 'invalid';
  const parts = /^(\d+)~(\d+)~(rate|public)~(\d+)(?:~(\d+))?$/.exec(Buffer.from(m[1]!, 'base64url').toString('utf8'));
  if (!parts) return 'invalid';
  const claims: ShareClaims = {
    adviserId: Number(parts[1]),
    productId: Number(parts[2]),
    page: parts[3] as SharePage,
    exp: Number(parts[4]),
    shareId: parts[5] ? Number(parts[5]) : null,
  };
  return claims.exp * 1000 <= now.getTime() ? 'expired' : claims;
}
