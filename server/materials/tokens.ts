// Tokens of tracked links and short-lived PDF addresses. A forward's token is derived from the
// send's idempotency key, so a retried send finds the forwards it already made instead of
// writing them twice; it is unguessable without that client-made random key.
import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

const FORWARD_KEY =
  process.env.FORWARD_TOKEN_SECRET ?? process.env.SIGNING_SECRET ?? 'wealth-live-local-forward-tokens';
/** PDF addresses live an hour and are checked by this process's own key (a restart just re-signs). */
const PDF_KEY = randomBytes(32);
export const PDF_URL_TTL_MS = 60 * 60 * 1000;

const b64 = (buf: Buffer) => buf.toString('base64url');

export function forwardToken(input: string): string {
  return b64(createHash('sha256').update(`${FORWARD_KEY}|${input}`).digest()).slice(0, 32);
}

export function forwardTokenFor(adviserId: number, idempotencyKey: string, customerId: number): string {
  return forwardToken(`${adviserId}:${idempotencyKey}:${customerId}`);
}

function pdfSig(adviserId: number, materialId: number, exp: number): string {
  return b64(createHmac('sha256', PDF_KEY).update(`pdf:${adviserId}:${materialId}:${exp}`).digest());
}

/** The adviser's PDF address: `/market_map_url/chance/file/pdf/<id>?a=&exp=&sig=`. */
export function signedPdfPath(adviserId: number, materialId: number, now: Date): string {
  const exp = Math.floor((now.getTime() + PDF_URL_TTL_MS) / 1000);
  return `/market_map_url/chance/file/pdf/${materialId}?a=${adviserId}&exp=${exp}&sig=${pdfSig(adviserId, materialId, exp)}`;
}

export function verifyPdfSig(adviserId: number, materialId: number, exp: number, sig: string, now: Date): boolean {
  if (exp * 1000 < now.getTime()) return false;
  const want = Buffer.from(pdfSig(adviserId, materialId, exp));
  const got = Buffer.from(sig);
  return want.length === got.length && timingSafeEqual(want, got);
}
