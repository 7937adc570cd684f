/**
 * @jest-environment ./server/test-support/jest-environment.ts
 */
import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import { asc, desc, sql } from 'drizzle-orm';

import { type Database, migrateDatabase, openDatabase } from '../db/client';
import { complianceAnchors, complianceEvents } from '../db/schema';
import {
  appendComplianceEvents,
  createComplianceRepository,
  type NewComplianceEvent,
} from '../repositories/compliance';
import { sweepRetention } from '../retention';
import { canonicalJson, chainHash } from '../security/audit-chain';
import { verifyChain } from '../security/audit-verify';
import { describeOnPostgres, openFreshPostgres } from '../test-support/postgres';

jest.setTimeout(300_000);

const REPO_ROOT = path.join(__dirname, '..', '..');
const DAY = 86_400_000;
// 09:00 business time (UTC+8) on 2026-11-27: each test day starts here.
const DAY1 = new Date('2026-11-27T01:00:00.000Z');

const event = (i: number, at: Date): NewComplianceEvent => ({
  kind: 'review',
  actorId: null,
  subject: `answer:${i}`,
  decision: i % 2 ? 'approved' : 'refused',
  reason: i % 3 ? null : 'four_eyes',
  // Keys out of order, nested, unicode and numbers: what jsonb reorders and re-prints.
  detail: { z: i, a: { y: [1, 2.5, '理财'], b: null }, note: `第${i}条` },
  at,
});

/** A migrated database with an empty trail (the seed writes review decisions of its own). */
async function migrated<D extends Database>(database: D): Promise<D> {
  await migrateDatabase(database);
  return database;
}

/** The rows in chain order, for the tests to pick a victim by position. */
const chain = (db: Database['db']) =>
  db.select().from(complianceEvents).orderBy(asc(complianceEvents.seq), asc(complianceEvents.id));

/**
 * What someone with database rights could do, with the append-only triggers out of the way for one statement
 * (as they would do it); the triggers are back afterwards.
 */
async function tamper(db: Database['db'], statement: ReturnType<typeof sql>): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.execute(sql`alter table compliance_events disable trigger user`);
    await tx.execute(sql`alter table compliance_anchors disable trigger user`);
    await tx.execute(statement);
    await tx.execute(sql`alter table compliance_events enable trigger user`);
    await tx.execute(sql`alter table compliance_anchors enable trigger user`);
  });
}

/** The database's own message under drizzle's "Failed query" wrapper. */
const refusal = (p: Promise<unknown>) =>
  p.then(
    () => 'accepted',
    (e: Error & { cause?: Error }) => e.cause?.message ?? e.message,
  );

/** Twelve events over three business days (so two anchors), all through the repository. */
async function writeDays(db: Database['db']): Promise<void> {
  const repo = createComplianceRepository(db);
  for (let i = 0; i < 12; i += 1) {
    await repo.record(event(i, new Date(DAY1.getTime() + Math.floor(i / 4) * DAY + i * 60_000)));
  }
}

function chainContract(
  open: () => Promise<Database>,
  verify: (db: Database) => Promise<{ ok: boolean; text: string }>,
) {
  let database: Database;
  beforeEach(async () => {
    database = await open();
    await writeDays(database.db);
  });
  afterEach(() => database?.close());

  test('an untouched trail verifies, and each day is anchored at its last row', async () => {
    const rows = await chain(database.db);
    expect(rows.map((r) => r.seq)).toEqual([...Array(12).keys()].map((i) => i + 1));
    for (const [i, r] of rows.entries()) {
      expect(r.prevHash).toBe(i === 0 ? '0'.repeat(64) : rows[i - 1]!.hash);
      expect(r.hash).toBe(chainHash({ ...r, seq: r.seq!, prevHash: r.prevHash! }));
    }
    const anchors = await database.db.select().from(complianceAnchors).orderBy(asc(complianceAnchors.day));
    expect(anchors.map((a) => [a.day, a.lastSeq, a.lastHash])).toEqual([
      ['2026-11-27', 4, rows[3]!.hash],
      ['2026-11-28', 8, rows[7]!.hash],
    ]);
    const v = await verify(database);
    expect(v).toEqual({ ok: true, text: expect.stringMatching(/^compliance trail intact: 12 rows, seq 1–12/) });
  });

  test('the tables refuse UPDATE, DELETE and TRUNCATE, and retention leaves the trail alone', async () => {
    expect(await refusal(database.db.execute(sql`update compliance_events set decision = 'allowed'`))).toMatch(
      /append-only/,
    );
    expect(await refusal(database.db.execute(sql`delete from compliance_events`))).toMatch(/append-only/);
    expect(await refusal(database.db.execute(sql`truncate compliance_events`))).toMatch(/append-only/);
    expect(await refusal(database.db.execute(sql`delete from compliance_anchors`))).toMatch(/append-only/);
    // Retention sweeps intake far into the future: the trail (kept at least 20 years) is not its business.
    const future = new Date(DAY1.getTime() + 30 * 365 * DAY);
    await sweepRetention(database.db, future, {
      analyticsDays: 1,
      errorReportDays: 1,
      actionLogDays: 1,
      intervalMs: 1,
    });
    expect(await chain(database.db)).toHaveLength(12);
    expect((await verify(database)).ok).toBe(true);
  });

  test('a row altered in place is named: its content no longer gives its hash', async () => {
    const victim = (await chain(database.db))[5]!;
    await tamper(database.db, sql`update compliance_events set decision = 'allowed' where id = ${victim.id}`);
    const v = await verify(database);
    expect(v.ok).toBe(false);
    expect(v.text).toContain(`row ${victim.id} (seq 6): content does not match its hash`);
  });

  test('a row altered and re-hashed is named by the row after it', async () => {
    const rows = await chain(database.db);
    const victim = rows[5]!;
    const forged = { ...victim, seq: victim.seq!, prevHash: victim.prevHash!, detail: { ...victim.detail, z: 99 } };
    await tamper(
      database.db,
      sql`update compliance_events set detail = ${JSON.stringify(forged.detail)}::jsonb, hash = ${chainHash(forged)} where id = ${victim.id}`,
    );
    const v = await verify(database);
    expect(v.ok).toBe(false);
    expect(v.text).toContain(`row ${rows[6]!.id} (seq 7): prev_hash does not match row ${victim.id} (seq 6)`);
  });

  test('a deleted row is named as a gap', async () => {
    const victim = (await chain(database.db))[6]!;
    await tamper(database.db, sql`delete from compliance_events where id = ${victim.id}`);
    const v = await verify(database);
    expect(v.ok).toBe(false);
    expect(v.text).toContain('gap: seq 6 → 8 (1 row(s) deleted)');
  });

  test('a forged row inserted in the middle is named, with or without a place on the chain', async () => {
    const rows = await chain(database.db);
    // Renumbered in after seq 3 with a correct-looking hash: the next real row no longer links to it.
    const forged = { ...event(99, rows[3]!.at), seq: 4, prevHash: rows[2]!.hash!, detail: { forged: true } };
    await tamper(database.db, sql`drop index if exists compliance_events_seq_idx`);
    await tamper(
      database.db,
      sql`insert into compliance_events (kind, subject, decision, detail, at, seq, prev_hash, hash)
          values ('review', ${forged.subject}, ${forged.decision}, '{"forged":true}'::jsonb, ${forged.at.toISOString()}, 4,
                  ${forged.prevHash}, ${chainHash({ ...forged, actorId: null, adviserId: null, customerId: null, productId: null, reason: forged.reason ?? null })})`,
    );
    const v = await verify(database);
    expect(v.ok).toBe(false);
    expect(v.text).toMatch(/row \d+: seq 4 appears twice \(a row inserted\)/);

    // A row slipped in without a hash has no place on the chain at all.
    const [plain] = await database.db
      .insert(complianceEvents)
      .values({ kind: 'review', subject: 'answer:x', decision: 'approved', at: DAY1 })
      .returning({ id: complianceEvents.id });
    expect((await verifyChain(database.db)).problems).toContain(
      `row ${plain!.id}: has no place on the chain (no seq or hash: inserted outside the app)`,
    );
  });

  test('a tail cut off (with its anchor-free last day) is caught by the anchor', async () => {
    // Everything after seq 6 goes: the last day and half of the day before, whose anchor names seq 8.
    await tamper(database.db, sql`delete from compliance_events where seq > 6`);
    const v = await verify(database);
    expect(v.ok).toBe(false);
    expect(v.text).toContain('anchor 2026-11-28 names seq 8 but the chain ends at 6');
  });

  test('rows a forward or share link writes inside its own transaction join the chain, and a rollback leaves no trace', async () => {
    const repo = createComplianceRepository(database.db);
    await database.db.transaction(async (tx) => {
      await appendComplianceEvents(tx, [event(200, DAY1), event(201, DAY1)]);
      await appendComplianceEvents(tx, event(202, DAY1));
    });
    await database.db
      .transaction(async (tx) => {
        await appendComplianceEvents(tx, event(203, DAY1));
        throw new Error('the send failed');
      })
      .catch(() => {});
    await repo.record(event(204, DAY1));
    const rows = await chain(database.db);
    expect(rows.slice(-4).map((r) => [r.seq, r.subject])).toEqual([
      [13, 'answer:200'],
      [14, 'answer:201'],
      [15, 'answer:202'],
      [16, 'answer:204'],
    ]);
    expect((await verify(database)).ok).toBe(true);
  });

  test('50 appends at once from two connections keep one unbroken chain', async () => {
    const [head] = await database.db
      .select({ seq: complianceEvents.seq })
      .from(complianceEvents)
      .orderBy(desc(complianceEvents.seq))
      .limit(1);
    const second =
      database.kind === 'postgres'
        ? await openDatabase({ databaseUrl: (database as Database & { url: string }).url })
        : database;
    try {
      const repos = [createComplianceRepository(database.db), createComplianceRepository(second.db)];
      const later = new Date(DAY1.getTime() + 3 * DAY);
      await Promise.all(
        [...Array(50).keys()].map((i) => repos[i % 2]!.record(event(100 + i, new Date(later.getTime() + i)))),
      );
    } finally {
      if (second !== database) await second.close();
    }
    const rows = await chain(database.db);
    expect(rows.map((r) => r.seq)).toEqual([...Array(head!.seq! + 50).keys()].map((i) => i + 1));
    expect(await verify(database)).toEqual({ ok: true, text: expect.stringContaining('62 rows') });
  });
}

describe('canonical content', () => {
  test('detail keys are sorted at every depth, so jsonb key order does not change the hash', () => {
    expect(canonicalJson({ b: 1, a: { d: [2, { y: 1, x: 2 }], c: '理财' } })).toBe(
      '{"a":{"c":"理财","d":[2,{"x":2,"y":1}]},"b":1}',
    );
    const base = {
      ...event(1, DAY1),
      seq: 1,
      prevHash: '0'.repeat(64),
      actorId: null,
      adviserId: null,
      customerId: null,
      productId: null,
      reason: null,
    };
    expect(chainHash({ ...base, detail: { a: 1, b: 2 } })).toBe(chainHash({ ...base, detail: { b: 2, a: 1 } }));
    expect(chainHash({ ...base, detail: { a: 1 } })).not.toBe(chainHash({ ...base, detail: { a: 2 } }));
    expect(chainHash(base)).not.toBe(chainHash({ ...base, at: new Date(DAY1.getTime() + 1) }));
  });
});

describe('the hash chain on PGlite', () => {
  chainContract(
    async () => migrated(await openDatabase({})),
    async (database) => {
      const v = await verifyChain(database.db);
      return { ok: v.ok, text: v.summary };
    },
  );
});

describeOnPostgres('the hash chain, verified by `npm run audit:verify`', () => {
  chainContract(
    async () => migrated(await openFreshPostgres(undefined, { prefix: 'wl_chain', seed: false })),
    async (database) => {
      // The real script, as an operator runs it, against this database.
      const run = await promisify(execFile)(
        process.execPath,
        ['--import', 'tsx', path.join(REPO_ROOT, 'scripts', 'audit-verify.ts')],
        { cwd: REPO_ROOT, env: { ...process.env, DATABASE_URL: (database as Database & { url: string }).url } },
      ).then(
        (r) => ({ code: 0, out: r.stdout }),
        (e: { code: number; stderr: string }) => ({ code: e.code, out: e.stderr }),
      );
      return { ok: run.code === 0, text: run.out.trim() };
    },
  );
});
