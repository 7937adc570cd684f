import { createHash } from 'node:crypto';

/**
 * The compliance trail's hash chain (docs/compliance.md, "The trail cannot be quietly rewritten"). Each row's
 * `hash` is the SHA-256 of its canonical content, which includes its `seq` and the previous row's `hash`, so
 * changing, removing or inserting any row breaks every link after it. The canonical text is built here only,
 * by the writer and by the verifier alike, from values as the database returns them:
 * - a JSON array in a fixed column order (version, seq, kind, actor, adviser, customer, product, subject,
 *   decision, reason, detail, at, prev_hash), absent ids as null;
 * - `detail` with every object's keys sorted (jsonb keeps its own key order, which is not the writer's);
 * - `at` as an ISO-8601 UTC instant with milliseconds (timestamptz keeps microseconds; the app writes ms).
 * PGlite and PostgreSQL return the same values, so a chain written on one verifies the same on the other.
 */
const CHAIN_VERSION = 1;
/** The "previous hash" of the first row. */
export const GENESIS_HASH = '0'.repeat(64);

export interface ChainedContent {
  seq: number;
  kind: string;
  actorId: number | null;
  adviserId: number | null;
  customerId: number | null;
  productId: number | null;
  subject: string;
  decision: string;
  reason: string | null;
  detail?: unknown;
  at: Date;
  prevHash: string;
}

/** JSON with object keys in code-unit order at every depth; arrays keep their order. */
export function canonicalJson(value: unknown): string {
  if (value === null || typeof value !== 'object') return JSON.stringify(value) ?? 'null';
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  const entries = Object.keys(value)
    .filter((k) => (value as Record<string, unknown>)[k] !== undefined)
    .sort()
    .map((k) => `${JSON.stringify(k)}:${canonicalJson((value as Record<string, unknown>)[k])}`);
  return `{${entries.join(',')}}`;
}

/**
 * `detail` as it will come back from the database: what JSON can carry (dates as their ISO text, undefined
 * dropped), so the hash taken before the insert equals the one taken from the stored row.
 */
export function storedDetail(detail: Record<string, unknown> | undefined): Record<string, unknown> {
  return detail === undefined ? {} : (JSON.parse(JSON.stringify(detail)) as Record<string, unknown>);
}

function canonicalContent(e: ChainedContent): string {
  return JSON.stringify([
    CHAIN_VERSION,
    e.seq,
    e.kind,
    e.actorId ?? null,
    e.adviserId ?? null,
    e.customerId ?? null,
    e.productId ?? null,
    e.subject,
    e.decision,
    e.reason ?? null,
    canonicalJson(e.detail ?? {}),
    e.at.toISOString(),
    e.prevHash,
  ]);
}

export function chainHash(e: ChainedContent): string {
  return createHash('sha256').update(canonicalContent(e), 'utf8').digest('hex');
}
