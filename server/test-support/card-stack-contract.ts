import { and, eq, inArray, sql } from 'drizzle-orm';

import { businessDayStart } from '../../src/api/contract/dates';
import type { Database, Db } from '../db/client';
import {
  mktCardEvents,
  mktCards,
  mktCustomers,
  mktProductCards,
  mktProducts,
  mktSignals,
  mktTierRules,
  users,
} from '../db/schema';
import { releaseAll, waitingAdvisers, wakeAll } from '../marketing/daily-cap';
import { CARD_PARTITIONS } from '../marketing/partitions';
import { gatherProductEvents } from '../marketing/product-cards';
import { type ReasonSummary, scoreCard } from '../marketing/score';
import { DEFAULT_RULES } from '../marketing/settings';
import {
  lockAndWrite,
  readSummaries,
  type Signal,
  type SignalRow,
  type StackCustomer,
  stackSignals,
} from '../marketing/stack';

/** 12:00 Beijing time: the business day began at 16:00 UTC the evening before. */
const NOW = new Date('2026-03-10T04:00:00.000Z');
const DAY_START = businessDayStart(NOW);
const at = (ms: number) => new Date(NOW.getTime() + ms);
const HOUR = 3_600_000;

/**
 * The engine's set-based statements one by one, on advisers and customers of their own (no seeded card is in
 * their way): the locked read and the linked write of new signals, the reasons summed, the stacking of a batch
 * onto each customer's one open card, the daily cap's room and order, snoozes waking on their date, and the
 * advisers a partition has waiting. The engine's contract covers the same statements through whole passes.
 */
export function cardStackContract(open: () => Promise<Database>): void {
  let database: Database;
  let db: Db;
  let serial = 0;
  let productId: number;
  beforeAll(async () => {
    database = await open();
    db = database.db;
    productId = (await db.select({ id: mktProducts.id }).from(mktProducts).limit(1))[0]!.id;
  }, 600_000);
  afterAll(() => database?.close());

  const adviser = async () => {
    serial += 1;
    const key = `stack-${serial}-${Math.random().toString(36).slice(2, 8)}`;
    const [u] = await db
      .insert(users)
      .values({
        uuid: key,
        employeeId: key,
        realName: `顾问${serial}`,
        avatar: '',
        role: 'adviser',
        // Only a financial adviser owns customers and receives cards.
        isFinancialAdvisor: true,
        createdAt: NOW,
      })
      .returning({ id: users.id });
    return u!.id;
  };
  const customer = async (adviserId: number, aum = 1_000_000, tier: StackCustomer['tier'] = 'standard') => {
    const [c] = await db
      .insert(mktCustomers)
      .values({ adviserId, name: '客户', phone: '13800000000', tier, aum, createdAt: NOW })
      .returning({ id: mktCustomers.id });
    return { id: c!.id, adviserId, aum, tier } satisfies StackCustomer;
  };
  const card = async (
    c: StackCustomer,
    values: Partial<typeof mktCards.$inferInsert> & Pick<typeof mktCards.$inferInsert, 'state'>,
  ) => {
    const [row] = await db
      .insert(mktCards)
      .values({
        adviserId: c.adviserId,
        customerId: c.id,
        categoryId: 1,
        score: 10,
        scoreParts: {},
        priority: 'cold',
        reasonCount: 0,
        createdAt: at(-48 * HOUR),
        updatedAt: at(-48 * HOUR),
        ...values,
      })
      .returning({ id: mktCards.id });
    return row!.id;
  };
  /** A card's kept summary of its reasons, as its columns. */
  const kept = (sum: ReasonSummary) => ({
    reasonsMaxAmount: sum.maxAmount,
    reasonsMaxIntensity: sum.maxIntensity,
    reasonsNewestAt: sum.newestAt,
    reasonsLinked: sum.count,
  });
  const productCard = async (adviserId: number, values: Partial<typeof mktProductCards.$inferInsert> = {}) => {
    const [row] = await db
      .insert(mktProductCards)
      .values({
        adviserId,
        categoryId: 22,
        eventKey: `mat:${Math.random().toString(36).slice(2, 10)}`,
        title: '产品到期',
        holders: 2,
        score: 10,
        state: 'new',
        createdAt: at(-HOUR),
        updatedAt: at(-HOUR),
        ...values,
      })
      .returning({ id: mktProductCards.id });
    return row!.id;
  };
  let fact = 0;
  const row = (c: StackCustomer, over: Partial<SignalRow> = {}): SignalRow => {
    fact += 1;
    return {
      adviserId: c.adviserId,
      customerId: c.id,
      categoryId: 1,
      factKey: `t:stack:${fact}:${Math.random().toString(36).slice(2, 8)}`,
      title: `资金转入 ${fact}`,
      amount: 100_000,
      productId: null,
      intensity: 0.5,
      occurredAt: at(-HOUR),
      ...over,
    };
  };
  /** A database that fails if asked: an empty batch costs no round trip. */
  const unasked = {
    execute: () => Promise.reject(new Error('asked the database')),
  } as unknown as Db;
  const cardRow = async (id: number) => (await db.select().from(mktCards).where(eq(mktCards.id, id)))[0]!;
  const eventsOf = async (id: number) =>
    db
      .select({ kind: mktCardEvents.kind, note: mktCardEvents.note, at: mktCardEvents.at })
      .from(mktCardEvents)
      .where(eq(mktCardEvents.cardId, id))
      .orderBy(mktCardEvents.id);
  /** Which of these cards (of one table) have been let in, in id order. */
  const releasedIn = (table: 'mkt_cards' | 'mkt_product_cards') => async (ids: number[]) =>
    (
      (await db.execute(
        sql`select id from ${sql.identifier(table)} where id = any(${`{${ids.join(',')}}`}::int[])
          and released_at is not null order by id`,
      )) as unknown as { rows: { id: number }[] }
    ).rows.map((r) => Number(r.id));
  const released = releasedIn('mkt_cards');
  const releasedProducts = releasedIn('mkt_product_cards');
  /** The score the engine should store: a row's defaults (a standard customer of 1,000,000, a reason an hour old). */
  const scored = (over: Partial<Parameters<typeof scoreCard>[0]>) =>
    scoreCard({
      maxAmount: 100_000,
      maxIntensity: 0.5,
      newestAt: at(-HOUR),
      count: 1,
      aum: 1_000_000,
      tier: 'standard',
      penalty: 0,
      now: NOW,
      ...over,
    });
  /** A product card's score: no amount, no behaviour, the holders as its count, the best holder's tier. */
  const productScored = (count: number, tier: StackCustomer['tier'], penalty = 0) =>
    scored({ maxAmount: 0, maxIntensity: 0, aum: 0, count, tier, penalty }).score;
  /** Writes the rows and stacks them, as the engine does for a batch with no product event. */
  const writeAndStack = async (
    rows: SignalRow[],
    customers: StackCustomer[],
    rules = DEFAULT_RULES,
  ): Promise<{ counts: Awaited<ReturnType<typeof stackSignals>>; inserted: Signal[] }> =>
    db.transaction(async (tx) => {
      const written = await lockAndWrite(tx, rows);
      const byCustomer = new Map<number, Signal[]>();
      for (const s of written.inserted) byCustomer.set(s.customerId, [...(byCustomer.get(s.customerId) ?? []), s]);
      const counts = await stackSignals(
        tx,
        byCustomer,
        new Map(customers.map((c) => [c.id, c])),
        () => rules,
        NOW,
        written,
      );
      return { counts, inserted: written.inserted };
    });

  describe('the locked read and the linked write', () => {
    test('nothing to write reads nothing and writes nothing', async () => {
      const written = await lockAndWrite(db, []);
      expect(written).toEqual({ open: new Map(), summaryOf: new Map(), inserted: [], freshIdOf: new Map() });
    });

    test('new signals come back as written, in order, each column as the table types it, linked to a fresh card per customer', async () => {
      const a = await adviser();
      const [first, second] = [await customer(a), await customer(a)];
      const rows = [
        row(second, { amount: -250_000.5, intensity: 0.75, productId: null }),
        row(first, { amount: null, intensity: 0 }),
        row(second, { occurredAt: at(-2 * HOUR), productId }),
      ];
      const written = await lockAndWrite(db, rows);
      expect(written.open.size).toBe(0);
      expect(written.summaryOf.size).toBe(0);
      expect([...written.freshIdOf.keys()].sort((x, y) => x - y)).toEqual([first.id, second.id]);
      expect(written.freshIdOf.get(second.id)).not.toBe(written.freshIdOf.get(first.id));
      expect(written.inserted).toHaveLength(3);
      expect(written.inserted[0]).toEqual({
        id: expect.any(Number),
        adviserId: a,
        customerId: second.id,
        categoryId: 1,
        factKey: rows[0]!.factKey,
        title: rows[0]!.title,
        amount: -250_000.5,
        productId: null,
        intensity: 0.75,
        occurredAt: rows[0]!.occurredAt,
        cardId: written.freshIdOf.get(second.id),
        productCardId: null,
      });
      expect(written.inserted[1]).toMatchObject({
        amount: null,
        intensity: 0,
        cardId: written.freshIdOf.get(first.id),
      });
      expect(written.inserted[2]).toMatchObject({ occurredAt: at(-2 * HOUR), productId });
      expect(written.inserted.map((s) => s.id)).toEqual([...written.inserted.map((s) => s.id)].sort((x, y) => x - y));
    });

    test('a fact seen before is not written again, and a customer whose only fact it was gets no fresh card', async () => {
      const a = await adviser();
      const [c, d] = [await customer(a), await customer(a)];
      const seen = row(c);
      await lockAndWrite(db, [seen]);
      const again = await lockAndWrite(db, [{ ...seen, title: '再来一次' }, row(d)]);
      expect(again.inserted.map((s) => s.customerId)).toEqual([d.id]);
      expect([...again.freshIdOf.keys()]).toEqual([d.id]);
      const stored = await db.select().from(mktSignals).where(eq(mktSignals.factKey, seen.factKey));
      expect(stored.map((s) => s.title)).toEqual([seen.title]);
    });

    test('a batch naming a fact twice writes the first, and what comes back is the row as stored, rounded as the table rounds', async () => {
      const c = await customer(await adviser());
      const first = row(c, { amount: 1234.567, intensity: 1 / 3, productId });
      const written = await lockAndWrite(db, [first, { ...first, title: '第二次' }]);
      const stored = await db.select().from(mktSignals).where(eq(mktSignals.factKey, first.factKey));
      expect(written.inserted).toEqual(stored);
      expect(stored.map((s) => [s.title, s.amount])).toEqual([[first.title, 1234.57]]);
      expect(stored[0]!.intensity).not.toBe(1 / 3);
      expect(stored[0]!.intensity).toBeCloseTo(1 / 3, 6);
    });

    test('an open card, snoozed ones included, is locked with its state and the summary it keeps of its reasons; a closed card is not open', async () => {
      const a = await adviser();
      const owners = [await customer(a), await customer(a), await customer(a), await customer(a)];
      const [snoozedOwner, handlingOwner, closedOwner, bareOwner] = owners;
      const snoozed = await card(snoozedOwner!, {
        state: 'snoozed',
        snoozeUntil: '2026-03-20',
        ...kept({ maxAmount: 800_000, maxIntensity: 0.9, newestAt: at(-20 * HOUR), count: 2 }),
      });
      const handling = await card(handlingOwner!, {
        state: 'handling',
        ...kept({ maxAmount: 0, maxIntensity: 0.1, newestAt: at(-5 * HOUR), count: 1 }),
      });
      await card(closedOwner!, {
        state: 'done',
        ...kept({ maxAmount: 5, maxIntensity: 1, newestAt: at(-HOUR), count: 1 }),
      });
      // A card no reason is linked to yet has no summary: the stacking starts from nothing.
      const bare = await card(bareOwner!, { state: 'new' });
      const written = await lockAndWrite(
        db,
        owners.map((o) => row(o)),
      );
      expect(written.open).toEqual(
        new Map([
          [snoozedOwner!.id, { id: snoozed, state: 'snoozed' }],
          [handlingOwner!.id, { id: handling, state: 'handling' }],
          [bareOwner!.id, { id: bare, state: 'new' }],
        ]),
      );
      expect(written.summaryOf).toEqual(
        new Map([
          [snoozed, { maxAmount: 800_000, maxIntensity: 0.9, newestAt: at(-20 * HOUR), count: 2 }],
          [handling, { maxAmount: 0, maxIntensity: 0.1, newestAt: at(-5 * HOUR), count: 1 }],
        ]),
      );
      expect([...written.freshIdOf.keys()]).toEqual([closedOwner!.id]);
      expect(written.inserted.map((s) => s.cardId)).toEqual([
        snoozed,
        handling,
        written.freshIdOf.get(closedOwner!.id),
        bare,
      ]);
    });

    test('the summaries are read again by key, and a card list that is empty asks nothing', async () => {
      const a = await adviser();
      const c = await customer(a);
      const id = await card(c, {
        state: 'new',
        ...kept({ maxAmount: 950_000, maxIntensity: 0.8, newestAt: at(-HOUR), count: 3 }),
      });
      expect(await readSummaries(unasked, [])).toEqual(new Map());
      expect(await readSummaries(db, [id])).toEqual(
        new Map([[id, { maxAmount: 950_000, maxIntensity: 0.8, newestAt: at(-HOUR), count: 3 }]]),
      );
    });
  });

  describe('stacking a batch onto each customer’s one card', () => {
    test('an empty batch counts nothing', async () => {
      const written = { open: new Map(), summaryOf: new Map(), freshIdOf: new Map() };
      expect(await stackSignals(unasked, new Map(), new Map(), () => DEFAULT_RULES, NOW, written)).toEqual({
        created: 0,
        stacked: 0,
        resurfaced: 0,
      });
    });

    test('a new card takes the fresh id, the newest reason (the later of two at one time), its score and a created event; it waits for the cap', async () => {
      const a = await adviser();
      const c = await customer(a, 2_000_000, 'gold');
      const rows = [
        row(c, { categoryId: 1, amount: 500_000, intensity: 0.4, occurredAt: at(-2 * HOUR), title: '旧' }),
        row(c, { categoryId: 7, amount: 50_000, intensity: 0.6, occurredAt: at(-HOUR), title: '同时甲' }),
        row(c, { categoryId: 3, amount: 10_000, intensity: 0.1, occurredAt: at(-HOUR), title: '同时乙' }),
      ];
      const { counts, inserted } = await writeAndStack(rows, [c]);
      expect(counts).toEqual({ created: 1, stacked: 0, resurfaced: 0 });
      const id = inserted[0]!.cardId!;
      const expected = scored({ maxAmount: 500_000, maxIntensity: 0.6, count: 3, aum: 2_000_000, tier: 'gold' });
      const stored = await cardRow(id);
      expect(stored).toMatchObject({
        adviserId: a,
        customerId: c.id,
        state: 'new',
        categoryId: 3,
        score: expected.score,
        // Stored as JSON, where a feedback of -0 reads back as 0.
        scoreParts: JSON.parse(JSON.stringify(expected.parts)) as unknown,
        priority: expected.priority,
        reasonCount: 3,
        createdAt: NOW,
        updatedAt: at(-HOUR),
        releasedAt: null,
      });
      expect(await eventsOf(id)).toEqual([{ kind: 'created', note: '同时乙', at: NOW }]);
    });

    test("a card's tier is written against its adviser's lines in force, on both sides of each line", async () => {
      const a = await adviser();
      const [hot, warm, cold] = [await customer(a), await customer(a), await customer(a)];
      const score = scored({}).score;
      // The lines sit on this score: at a line is above it (both lines inclusive).
      await db.insert(mktTierRules).values({
        adviserId: a,
        hotMin: score,
        warmMin: score - 0.1,
        calibratedOn: '2026-03-10',
        updatedAt: NOW,
      });
      const { inserted } = await writeAndStack([row(hot)], [hot]);
      await db
        .update(mktTierRules)
        .set({ hotMin: score + 0.1, warmMin: score })
        .where(eq(mktTierRules.adviserId, a));
      const second = await writeAndStack([row(warm)], [warm]);
      await db
        .update(mktTierRules)
        .set({ hotMin: score + 0.2, warmMin: score + 0.1 })
        .where(eq(mktTierRules.adviserId, a));
      const third = await writeAndStack([row(cold)], [cold]);
      const tiers = await Promise.all(
        [inserted, second.inserted, third.inserted].map(async (s) => (await cardRow(s[0]!.cardId!)).priority),
      );
      expect(tiers).toEqual(['hot', 'warm', 'cold']);
    });

    test('the newest reason names the card wherever it stands in the batch', async () => {
      const a = await adviser();
      const c = await customer(a);
      const { inserted } = await writeAndStack(
        [
          row(c, { categoryId: 7, occurredAt: at(-HOUR), title: '新的' }),
          row(c, { categoryId: 1, occurredAt: at(-3 * HOUR), title: '旧的' }),
        ],
        [c],
      );
      const id = inserted[0]!.cardId!;
      expect(await cardRow(id)).toMatchObject({ categoryId: 7, updatedAt: at(-HOUR), reasonCount: 2 });
      expect(await eventsOf(id)).toEqual([{ kind: 'created', note: '新的', at: NOW }]);
    });

    test("the newest reason's category carries the adviser's demotion penalty into the score", async () => {
      const a = await adviser();
      const c = await customer(a);
      const rules = { ...DEFAULT_RULES, penalties: new Map([[7, 12.5]]) };
      const { inserted } = await writeAndStack([row(c, { categoryId: 7, amount: 400_000 })], [c], rules);
      const plain = scored({ maxAmount: 400_000 });
      const stored = await cardRow(inserted[0]!.cardId!);
      expect(stored.score).toBeCloseTo(plain.score - 12.5, 5);
      expect((stored.scoreParts as { feedback: number }).feedback).toBe(-12.5);
    });

    test('a live watch or a read lets a new card in at once; a transfer does not', async () => {
      const a = await adviser();
      const [live, read, transfer] = [await customer(a), await customer(a), await customer(a)];
      const { inserted } = await writeAndStack(
        [
          row(live, { categoryId: 11, factKey: `live:${Math.random()}` }),
          row(read, { categoryId: 12, factKey: `read:${Math.random()}` }),
          row(transfer),
          // A live beside a slower signal of the same customer still lets the card in.
          row(read),
        ],
        [live, read, transfer],
      );
      const [l, r, t] = inserted.map((s) => s.cardId!);
      expect(inserted[3]!.cardId).toBe(r);
      expect((await cardRow(l!)).releasedAt).toEqual(NOW);
      expect((await cardRow(r!)).releasedAt).toEqual(NOW);
      expect((await cardRow(t!)).releasedAt).toBeNull();
    });

    test('stacking adds to the reasons summed, keeps the state and the snooze of an open card, and wakes a snoozed one', async () => {
      const a = await adviser();
      const [viewedOwner, snoozedOwner] = [await customer(a), await customer(a)];
      const viewed = await card(viewedOwner, {
        state: 'viewed',
        snoozeUntil: '2026-04-01',
        releasedAt: at(-30 * HOUR),
        reasonCount: 1,
        ...kept({ maxAmount: 700_000, maxIntensity: 0.5, newestAt: at(-40 * HOUR), count: 1 }),
      });
      const snoozed = await card(snoozedOwner, {
        state: 'snoozed',
        snoozeUntil: '2026-04-01',
        reasonCount: 1,
        ...kept({ maxAmount: 20_000, maxIntensity: 0.5, newestAt: at(-40 * HOUR), count: 1 }),
      });
      const { counts } = await writeAndStack(
        [row(viewedOwner, { amount: 30_000, title: '又转入' }), row(snoozedOwner, { title: '醒来' })],
        [viewedOwner, snoozedOwner],
      );
      expect(counts).toEqual({ created: 0, stacked: 1, resurfaced: 1 });
      const v = await cardRow(viewed);
      expect(v).toMatchObject({
        state: 'viewed',
        snoozeUntil: '2026-04-01',
        releasedAt: at(-30 * HOUR),
        reasonCount: 2,
      });
      expect(v.updatedAt).toEqual(at(-HOUR));
      expect(v.score).toBe(scored({ maxAmount: 700_000, count: 2 }).score);
      // The card keeps the new summary: the next stacking adds to it.
      expect(v).toMatchObject(kept({ maxAmount: 700_000, maxIntensity: 0.5, newestAt: at(-HOUR), count: 2 }));
      expect(await eventsOf(viewed)).toEqual([{ kind: 'stacked', note: '又转入', at: NOW }]);
      const s = await cardRow(snoozed);
      expect(s).toMatchObject({ state: 'new', snoozeUntil: null, releasedAt: null, reasonCount: 2 });
      expect(await eventsOf(snoozed)).toEqual([{ kind: 'resurfaced', note: '醒来', at: NOW }]);
    });

    test('a live lets a waiting open card in now and leaves one already in with its first release time', async () => {
      const a = await adviser();
      const [waitingOwner, inOwner, quietOwner] = [await customer(a), await customer(a), await customer(a)];
      const waiting = await card(waitingOwner, { state: 'new' });
      const already = await card(inOwner, { state: 'handling', releasedAt: at(-50 * HOUR) });
      const quiet = await card(quietOwner, { state: 'new' });
      await writeAndStack(
        [
          row(waitingOwner, { categoryId: 11, factKey: `live:${Math.random()}` }),
          row(inOwner, { categoryId: 11, factKey: `live:${Math.random()}` }),
          row(quietOwner),
        ],
        [waitingOwner, inOwner, quietOwner],
      );
      expect((await cardRow(waiting)).releasedAt).toEqual(NOW);
      expect((await cardRow(already)).releasedAt).toEqual(at(-50 * HOUR));
      expect((await cardRow(quiet)).releasedAt).toBeNull();
    });
  });

  describe("the daily cap's room and order", () => {
    test('no adviser releases nothing', async () => {
      expect(await releaseAll(unasked, [], NOW, () => 10)).toBe(0);
    });

    test("today's room is the cap less the customer and product cards released since the business day began", async () => {
      const a = await adviser();
      const c = await customer(a);
      // Released today: one customer card at the day's first instant, one product card. Yesterday's last instant is not today.
      await card(await customer(a), { state: 'done', releasedAt: DAY_START });
      await productCard(a, { state: 'done', releasedAt: at(-HOUR) });
      await card(await customer(a), { state: 'done', releasedAt: new Date(DAY_START.getTime() - 1) });
      const waiting = [
        await card(c, { state: 'new', score: 30 }),
        await card(await customer(a), { state: 'new', score: 20 }),
        await card(await customer(a), { state: 'new', score: 10 }),
      ];
      // Cap 4: two released today leave two places; the best two go in.
      expect(await releaseAll(db, [a], NOW, () => 4)).toBe(2);
      expect(await released(waiting)).toEqual([waiting[0], waiting[1]]);
      const [first] = await db.select().from(mktCards).where(eq(mktCards.id, waiting[0]!));
      expect(first!.releasedAt).toEqual(NOW);
      // Full now: the third waits, however often the cap is asked.
      expect(await releaseAll(db, [a], NOW, () => 4)).toBe(0);
      expect(await released(waiting)).toEqual([waiting[0], waiting[1]]);
    });

    test('a cap already passed lets nothing in, and lets nothing out', async () => {
      const a = await adviser();
      await card(await customer(a), { state: 'viewed', releasedAt: at(-HOUR) });
      await card(await customer(a), { state: 'viewed', releasedAt: at(-2 * HOUR) });
      const waiting = await card(await customer(a), { state: 'new', score: 90 });
      expect(await releaseAll(db, [a], NOW, () => 1)).toBe(0);
      expect(await released([waiting])).toEqual([]);
    });

    test('best first across both kinds: a customer card before a product card of the same score, then the older', async () => {
      const a = await adviser();
      const productHigh = await productCard(a, { score: 80 });
      const customerTie = await card(await customer(a), { state: 'new', score: 60 });
      const productTie = await productCard(a, { score: 60 });
      const olderLow = await card(await customer(a), { state: 'new', score: 40 });
      const newerLow = await card(await customer(a), { state: 'new', score: 40 });
      const productLow = await productCard(a, { score: 5 });
      expect(await releaseAll(db, [a], NOW, () => 2)).toBe(2);
      expect(await releasedProducts([productHigh, productTie, productLow])).toEqual([productHigh]);
      expect(await released([customerTie, olderLow, newerLow])).toEqual([customerTie]);
      expect(await releaseAll(db, [a, a], NOW, () => 4)).toBe(2);
      expect(await releasedProducts([productHigh, productTie, productLow])).toEqual([productHigh, productTie]);
      expect(await released([customerTie, olderLow, newerLow])).toEqual([customerTie, olderLow]);
    });

    test('only new cards that wait are let in, and each adviser has their own cap', async () => {
      const [a, b] = [await adviser(), await adviser()];
      const viewedWaiting = await card(await customer(a), { state: 'viewed', score: 99 });
      const snoozed = await card(await customer(a), { state: 'snoozed', score: 98, snoozeUntil: '2026-04-01' });
      const doneProduct = await productCard(a, { state: 'done', score: 97 });
      const fresh = await card(await customer(a), { state: 'new', score: 10 });
      const ofB = [
        await card(await customer(b), { state: 'new', score: 50 }),
        await card(await customer(b), { state: 'new', score: 40 }),
        await card(await customer(b), { state: 'new', score: 30 }),
      ];
      expect(await releaseAll(db, [b, a], NOW, (id) => (id === a ? 5 : 2))).toBe(3);
      expect(await released([viewedWaiting, snoozed, fresh])).toEqual([fresh]);
      expect(await releasedProducts([doneProduct])).toEqual([]);
      expect(await released(ofB)).toEqual([ofB[0], ofB[1]]);
    });
  });

  describe("a product event's holders", () => {
    /** Writes the rows and gathers the product events among them (the event key of a row's fact, if any). */
    const gather = (rows: SignalRow[], customers: StackCustomer[], keys: Map<string, string>, rules = DEFAULT_RULES) =>
      db.transaction(async (tx) => {
        const written = await lockAndWrite(tx, rows);
        const gathered = await gatherProductEvents(
          tx,
          written.inserted,
          (s) => keys.get(s.factKey),
          new Map(customers.map((c) => [c.id, c])),
          () => rules,
          NOW,
        );
        return { ...gathered, inserted: written.inserted };
      });
    const eventOf = (n: number) => `mat:${productId}:${Math.random().toString(36).slice(2, 8)}:${n}`;
    const productCardOf = async (adviserId: number, eventKey: string) =>
      (
        await db
          .select()
          .from(mktProductCards)
          .where(and(eq(mktProductCards.adviserId, adviserId), eq(mktProductCards.eventKey, eventKey)))
      )[0];
    const linesOf = async (ids: number[]) =>
      db
        .select({ id: mktSignals.id, cardId: mktSignals.cardId, productCardId: mktSignals.productCardId })
        .from(mktSignals)
        .where(inArray(mktSignals.id, ids))
        .orderBy(mktSignals.id);

    test('three holders make one product card: the newest line names it, the best tier and the holders score it, each holder keeps the line on an open card', async () => {
      const a = await adviser();
      const holders = [
        await customer(a, 1_000_000, 'standard'),
        await customer(a, 1_000_000, 'gold'),
        await customer(a),
      ];
      const open = await card(holders[0]!, { state: 'viewed' });
      const event = eventOf(1);
      // The newest line is the middle one.
      const rows = [3, 1, 2].map((h, i) =>
        row(holders[i]!, { categoryId: 22, productId, occurredAt: at(-h * HOUR), title: `产品到期 ${i}` }),
      );
      // Three reasons of one category without an event are three customers' own, however many.
      const others = holders.map((h) => row(h, { categoryId: 22 }));
      const keys = new Map(rows.map((r) => [r.factKey, event]));
      const rules = { ...DEFAULT_RULES, penalties: new Map([[22, 5]]) };
      const { rest, productCards, inserted } = await gather([...rows, ...others], holders, keys, rules);
      expect(productCards).toBe(1);
      expect(rest.map((s) => s.factKey)).toEqual(others.map((r) => r.factKey));
      const made = (await productCardOf(a, event))!;
      const expected = productScored(3, 'gold', 5);
      expect(made).toMatchObject({
        productId,
        categoryId: 22,
        title: '产品到期 1',
        holders: 3,
        score: expected,
        state: 'new',
        createdAt: NOW,
        updatedAt: at(-HOUR),
        releasedAt: null,
      });
      expect(await linesOf(inserted.slice(0, 3).map((s) => s.id))).toEqual([
        { id: inserted[0]!.id, cardId: open, productCardId: made.id },
        { id: inserted[1]!.id, cardId: null, productCardId: made.id },
        { id: inserted[2]!.id, cardId: null, productCardId: made.id },
      ]);
    });

    test('a private holder makes the card score as private; fewer than three holders stay on their own cards', async () => {
      const a = await adviser();
      const holders = [
        await customer(a, 1_000_000, 'gold'),
        await customer(a, 1_000_000, 'private'),
        await customer(a),
      ];
      const [three, two] = [eventOf(2), eventOf(3)];
      const rows = holders.map((h) => row(h, { categoryId: 22 }));
      const pair = [row(holders[0]!, { categoryId: 22 }), row(holders[1]!, { categoryId: 22 })];
      const keys = new Map([
        ...rows.map((r) => [r.factKey, three] as const),
        ...pair.map((r) => [r.factKey, two] as const),
      ]);
      const { rest, productCards } = await gather([...rows, ...pair], holders, keys);
      expect(productCards).toBe(1);
      expect(rest.map((s) => s.factKey)).toEqual(pair.map((r) => r.factKey));
      expect((await productCardOf(a, three))!.score).toBe(productScored(3, 'private'));
      expect(await productCardOf(a, two)).toBeUndefined();
      // Lines of one time: the later in the batch names the card.
      expect((await productCardOf(a, three))!.title).toBe(rows[2]!.title);
    });

    test('a holder seen later joins the card the event already has, alone; another adviser with the same event gets a card of their own', async () => {
      const [a, b] = [await adviser(), await adviser()];
      const holders = [await customer(a), await customer(a), await customer(a)];
      const event = eventOf(4);
      const first = holders.map((h) => row(h, { categoryId: 22, title: '第一批' }));
      await gather(first, holders, new Map(first.map((r) => [r.factKey, event])));
      const later = await customer(a);
      const elsewhere = [await customer(b), await customer(b), await customer(b)];
      const joining = row(later, { categoryId: 22, occurredAt: at(-HOUR / 2), title: '后来的持有人' });
      const theirs = elsewhere.map((h) => row(h, { categoryId: 22 }));
      const keys = new Map([joining, ...theirs].map((r) => [r.factKey, event]));
      const { rest, productCards } = await gather([joining, ...theirs], [later, ...elsewhere], keys);
      expect(rest).toEqual([]);
      expect(productCards).toBe(1);
      expect(await productCardOf(a, event)).toMatchObject({
        holders: 4,
        title: '后来的持有人',
        updatedAt: at(-HOUR / 2),
      });
      expect(await productCardOf(b, event)).toMatchObject({
        holders: 3,
        score: productScored(3, 'standard'),
      });
    });

    test('in another category the same event key is another event', async () => {
      const a = await adviser();
      const holders = [await customer(a), await customer(a), await customer(a)];
      const event = eventOf(5);
      const rows = [
        row(holders[0]!, { categoryId: 22 }),
        row(holders[1]!, { categoryId: 22 }),
        row(holders[2]!, { categoryId: 23 }),
      ];
      const { rest, productCards } = await gather(rows, holders, new Map(rows.map((r) => [r.factKey, event])));
      expect(productCards).toBe(0);
      expect(rest).toHaveLength(3);
    });
  });

  describe('snoozes waking and the advisers with cards waiting', () => {
    test('a snooze stays asleep until its business date, and wakes on it with the event that says why', async () => {
      const a = await adviser();
      const [c, other] = [await customer(a), await customer(await adviser())];
      const id = await card(c, { state: 'snoozed', snoozeUntil: '2026-03-11' });
      const elsewhere = await card(other, { state: 'snoozed', snoozeUntil: '2026-03-01' });
      const mine = sql`${mktCards.adviserId} = ${a}`;
      // 23:59:59.999 Beijing time on the 10th, then midnight of the 11th.
      const lastInstant = new Date('2026-03-10T15:59:59.999Z');
      const midnight = new Date('2026-03-10T16:00:00.000Z');
      expect(await wakeAll(db, mine, lastInstant)).toBe(0);
      expect(await cardRow(id)).toMatchObject({ state: 'snoozed', snoozeUntil: '2026-03-11' });
      expect(await eventsOf(id)).toEqual([]);
      expect(await wakeAll(db, mine, midnight)).toBe(1);
      expect(await cardRow(id)).toMatchObject({ state: 'new', snoozeUntil: null });
      expect(await eventsOf(id)).toEqual([{ kind: 'resurfaced', note: '暂缓到期', at: midnight }]);
      // Another adviser's overdue snooze is not this call's; and a card that is not snoozed has nothing to wake.
      expect((await cardRow(elsewhere)).state).toBe('snoozed');
      expect(await wakeAll(db, mine, midnight)).toBe(0);
    });

    test("a partition's waiting advisers: a customer or a product card new and not let in, each adviser once, in order", async () => {
      const ids: number[] = [];
      // Advisers until two share a partition with a third adviser of another partition beside them.
      while (ids.length < CARD_PARTITIONS + 1) ids.push(await adviser());
      const partition = ids[0]! % CARD_PARTITIONS;
      const [a, b] = ids.filter((id) => id % CARD_PARTITIONS === partition);
      const otherPartition = ids.find((id) => id % CARD_PARTITIONS !== partition)!;
      await card(await customer(a!), { state: 'new' });
      await card(await customer(a!), { state: 'new' });
      await productCard(a!);
      await productCard(b!);
      await card(await customer(otherPartition), { state: 'new' });
      const waiting = await waitingAdvisers(db, partition);
      expect(waiting).toEqual(expect.arrayContaining([a, b]));
      expect(waiting.filter((id) => id === a)).toHaveLength(1);
      expect(waiting).not.toContain(otherPartition);
      expect(waiting).toEqual([...waiting].sort((x, y) => x - y));
      // Let in or seen, they no longer wait.
      await db.update(mktCards).set({ releasedAt: NOW }).where(eq(mktCards.adviserId, a!));
      await db.update(mktProductCards).set({ state: 'viewed' }).where(eq(mktProductCards.adviserId, a!));
      expect(await waitingAdvisers(db, partition)).not.toContain(a);
      expect(await waitingAdvisers(db, partition)).toContain(b);
    });
  });

  describe('the signals’ owners and the events’ cards, checked once per statement', () => {
    /** The SQLSTATE of a refused statement (drizzle wraps the driver's error in `cause`). */
    const codeOf = async (work: Promise<unknown>) => {
      const err = (await work.then(
        () => null,
        (e: unknown) => e,
      )) as { code?: string; cause?: { code?: string } } | null;
      return err?.cause?.code ?? err?.code ?? 'no error';
    };
    const signalRow = (c: StackCustomer, over: Partial<typeof mktSignals.$inferInsert> = {}) => ({
      ...row(c),
      ...over,
    });

    test('a statement with one row of a customer or an adviser that does not exist writes nothing', async () => {
      const a = await adviser();
      const c = await customer(a);
      const missing = { ...c, id: 2_000_000_000 };
      const before = await db.$count(mktSignals, eq(mktSignals.adviserId, a));
      expect(await codeOf(db.insert(mktSignals).values([signalRow(c), signalRow(missing)]))).toBe('23503');
      expect(
        await codeOf(db.insert(mktSignals).values([signalRow(c), signalRow(c, { adviserId: 2_000_000_000 })])),
      ).toBe('23503');
      // The engine's own statement is refused the same way.
      expect(await codeOf(lockAndWrite(db, [row(c), row(missing)]))).toBe('23503');
      expect(await db.$count(mktSignals, eq(mktSignals.adviserId, a))).toBe(before);
      // Rows of many customers and advisers that all exist, some named twice, go in.
      const b = await adviser();
      const d = await customer(b);
      await db.insert(mktSignals).values([signalRow(c), signalRow(c), signalRow(d), signalRow(d)]);
      expect(await db.$count(mktSignals, inArray(mktSignals.customerId, [c.id, d.id]))).toBe(4);
    });

    test('a signal moved to an owner that does not exist is refused; to one that exists, it moves', async () => {
      const a = await adviser();
      const [c, other] = [await customer(a), await customer(a)];
      const [s] = await db.insert(mktSignals).values(signalRow(c)).returning({ id: mktSignals.id });
      const moved = (set: Partial<typeof mktSignals.$inferInsert>) =>
        db.update(mktSignals).set(set).where(eq(mktSignals.id, s!.id));
      expect(await codeOf(moved({ customerId: 2_000_000_000 }))).toBe('23503');
      expect(await codeOf(moved({ adviserId: 2_000_000_000 }))).toBe('23503');
      await moved({ customerId: other.id });
      const [after] = await db.select().from(mktSignals).where(eq(mktSignals.id, s!.id));
      expect(after).toMatchObject({ customerId: other.id, adviserId: a });
    });

    test('an event of a card that does not exist is refused, and moving one to such a card too', async () => {
      const c = await customer(await adviser());
      const id = await card(c, { state: 'new' });
      const event = (cardId: number) => ({ cardId, kind: 'created', note: null, at: NOW });
      expect(await codeOf(db.insert(mktCardEvents).values([event(id), event(2_000_000_000)]))).toBe('23503');
      expect(await db.$count(mktCardEvents, eq(mktCardEvents.cardId, id))).toBe(0);
      const [e] = await db
        .insert(mktCardEvents)
        .values([event(id), event(id)])
        .returning({ id: mktCardEvents.id });
      expect(
        await codeOf(db.update(mktCardEvents).set({ cardId: 2_000_000_000 }).where(eq(mktCardEvents.id, e!.id))),
      ).toBe('23503');
    });

    test("deleting a customer, an adviser or a card deletes what was theirs, and nobody's key changes", async () => {
      const [a, b] = [await adviser(), await adviser()];
      const [c, d, e] = [await customer(a), await customer(a), await customer(b)];
      await db.insert(mktSignals).values([signalRow(c), signalRow(c), signalRow(d), signalRow(e)]);
      const [cardOfD, cardOfE] = [await card(d, { state: 'new' }), await card(e, { state: 'new' })];
      await db
        .insert(mktCardEvents)
        .values([cardOfD, cardOfD, cardOfE].map((cardId) => ({ cardId, kind: 'created', note: null, at: NOW })));
      const signalsOf = (customerId: number) => db.$count(mktSignals, eq(mktSignals.customerId, customerId));
      const eventsOf = (cardId: number) => db.$count(mktCardEvents, eq(mktCardEvents.cardId, cardId));

      await db.delete(mktCustomers).where(eq(mktCustomers.id, c.id));
      expect([await signalsOf(c.id), await signalsOf(d.id), await signalsOf(e.id)]).toEqual([0, 1, 1]);
      await db.delete(mktCards).where(eq(mktCards.id, cardOfD));
      expect([await eventsOf(cardOfD), await eventsOf(cardOfE)]).toEqual([0, 1]);
      // An adviser's deletion takes their customers (a foreign key) and their signals (the trigger).
      await db.delete(users).where(eq(users.id, b));
      expect([await signalsOf(e.id), await eventsOf(cardOfE), await signalsOf(d.id)]).toEqual([0, 0, 1]);

      expect(await codeOf(db.update(users).set({ id: 2_000_000_000 }).where(eq(users.id, a)))).toBe('23503');
      expect(await codeOf(db.update(mktCustomers).set({ id: 2_000_000_000 }).where(eq(mktCustomers.id, d.id)))).toBe(
        '23503',
      );
      const cardOfD2 = await card(d, { state: 'viewed' });
      expect(await codeOf(db.update(mktCards).set({ id: 2_000_000_000 }).where(eq(mktCards.id, cardOfD2)))).toBe(
        '23503',
      );
    });
  });
}
