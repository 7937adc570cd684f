import { asc, isNull, type SQL, sql } from 'drizzle-orm';

import type { Db } from '../db/client';
import { complianceAnchors, complianceEvents } from '../db/schema';
import { chainHash, GENESIS_HASH } from './audit-chain';

export interface ChainVerdict {
  ok: boolean;
  /** Rows on the chain that were read. */
  rows: number;
  lastSeq: number;
  /** What is wrong, first in chain order first; at most MAX_PROBLEMS. */
  problems: string[];
  /** One line: the summary when intact, the first problem otherwise. */
  summary: string;
}

const BATCH = 2000;
const MAX_PROBLEMS = 20;
const short = (hash: string | null) => (hash ? `${hash.slice(0, 12)}…` : 'none');

type Row = typeof complianceEvents.$inferSelect;
type Anchor = typeof complianceAnchors.$inferSelect;

/** The problems of one row against the row before it on the chain (null before the first). */
function checkRow(r: Row & { seq: number }, prev: (Row & { seq: number }) | null): string[] {
  const problems: string[] = [];
  const expected = prev ? prev.seq + 1 : 1;
  if (prev && r.seq === prev.seq) return [`row ${r.id}: seq ${r.seq} appears twice (a row inserted)`];
  if (r.seq > expected) {
    problems.push(
      prev
        ? `gap: seq ${prev.seq} → ${r.seq} (${r.seq - expected} row(s) deleted)`
        : `the chain starts at seq ${r.seq}: seq 1–${r.seq - 1} deleted`,
    );
  } else if (r.prevHash !== (prev?.hash ?? GENESIS_HASH)) {
    problems.push(
      prev
        ? `row ${r.id} (seq ${r.seq}): prev_hash does not match row ${prev.id} (seq ${prev.seq}) (inserted or reordered)`
        : `row ${r.id} (seq ${r.seq}): the first row does not start from the genesis hash`,
    );
  }
  const recomputed = r.prevHash === null ? null : chainHash({ ...r, prevHash: r.prevHash });
  if (recomputed !== r.hash) problems.push(`row ${r.id} (seq ${r.seq}): content does not match its hash (altered)`);
  return problems;
}

/**
 * Walks the compliance trail in seq order (docs/compliance.md, "The trail cannot be quietly rewritten") and
 * names what breaks it: a row whose content no longer gives its hash, a gap in seq, a row whose prev_hash is
 * not its predecessor's hash, a row with no place on the chain, a daily anchor the chain no longer reaches.
 * Reads in batches, so memory stays flat however long the trail.
 */
export async function verifyChain(db: Db): Promise<ChainVerdict> {
  const problems: string[] = [];
  const note = (p: string) => {
    if (problems.length < MAX_PROBLEMS) problems.push(p);
  };
  const anchors: Anchor[] = await db.select().from(complianceAnchors).orderBy(asc(complianceAnchors.day));
  const anchorsAt = new Map<number, Anchor[]>();
  for (const a of anchors) anchorsAt.set(a.lastSeq, [...(anchorsAt.get(a.lastSeq) ?? []), a]);

  let prev: (Row & { seq: number }) | null = null;
  let rows = 0;
  const reached = new Set<Anchor>();
  for (;;) {
    const after: SQL = prev
      ? sql`(${complianceEvents.seq}, ${complianceEvents.id}) > (${prev.seq}, ${prev.id})`
      : sql`true`;
    const batch: Row[] = await db
      .select()
      .from(complianceEvents)
      .where(sql`${complianceEvents.seq} is not null and ${after}`)
      .orderBy(asc(complianceEvents.seq), asc(complianceEvents.id))
      .limit(BATCH);
    for (const r of batch as Array<Row & { seq: number }>) {
      rows += 1;
      checkRow(r, prev).forEach(note);
      for (const a of anchorsAt.get(r.seq) ?? []) {
        reached.add(a);
        if (a.lastHash !== r.hash) {
          note(
            `anchor ${a.day} names seq ${a.lastSeq} with hash ${short(a.lastHash)} but row ${r.id} has ${short(r.hash)}`,
          );
        }
      }
      // A repeated seq is the intruder: the chain goes on from the row before it.
      if (!prev || r.seq !== prev.seq) prev = r;
    }
    if (batch.length < BATCH) break;
  }
  const lastSeq = prev?.seq ?? 0;

  const unchained = await db
    .select({ id: complianceEvents.id })
    .from(complianceEvents)
    .where(isNull(complianceEvents.seq))
    .orderBy(asc(complianceEvents.id))
    .limit(MAX_PROBLEMS);
  for (const u of unchained) note(`row ${u.id}: has no place on the chain (no seq or hash: inserted outside the app)`);

  // An anchor is written together with the first row of the next day: the chain must go on past it.
  for (const a of anchors) {
    if (a.lastSeq >= lastSeq) {
      note(`anchor ${a.day} names seq ${a.lastSeq} but the chain ends at ${lastSeq} (rows removed from the end)`);
    } else if (!reached.has(a)) {
      note(`anchor ${a.day} names seq ${a.lastSeq}, which is missing from the chain (deleted)`);
    }
  }

  const ok = problems.length === 0;
  const summary = ok
    ? `compliance trail intact: ${rows} rows, seq 1–${lastSeq}, last hash ${short(prev?.hash ?? null)}, ${anchors.length} daily anchor(s)`
    : problems[0]!;
  return { ok, rows, lastSeq, problems, summary };
}
