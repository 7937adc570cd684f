import { and, count, desc, eq, inArray, isNull, sql } from 'drizzle-orm';

import { businessDate } from '../../src/api/contract/dates';
import type { Database } from '../db/client';
import {
  leaveMessages,
  lives,
  mktBehaviours,
  mktCards,
  mktClueHandles,
  mktCustomers,
  mktProducts,
  mktSignals,
  mktTransfers,
} from '../db/schema';
import { foldWorkbenchCounts } from '../marketing/workbench-counts';
import { createRepositories, type Repositories } from '../repositories';
import { TEST_BASE_TIME } from './database';
import { customersWithoutOpenCard, OPEN_OR_SNOOZED } from './open-cards';

const DAY = 86_400_000;
/** Two days after the seed: nothing has been released "today" yet. */
const T = new Date(TEST_BASE_TIME.getTime() + 2 * DAY);
const at = (ms: number) => new Date(T.getTime() + ms);

/**
 * The card engine on both drivers: thresholds, stacking, the daily cap, snooze resurfacing,
 * feedback demotion and its undo, live-to-card, adviser isolation, idempotent handling.
 */
export function marketingContract(open: () => Promise<Database>): void {
  let database: Database;
  let repos: Repositories;
  let free: number[];
  beforeAll(async () => {
    database = await open();
    repos = createRepositories(database.db);
    // Adviser 2's customers without an open card and without an app account: a clean slate each.
    free = await customersWithoutOpenCard(database.db, 2, 15, { withoutAccount: true });
    // A fresh PostgreSQL database is migrated and seeded here: minutes on a busy machine.
  }, 600_000);
  afterAll(() => database?.close());

  const transfer = async (customerId: number, amount: number, when: Date) => {
    const [t] = await database.db
      .insert(mktTransfers)
      .values({ customerId, direction: 'in', amount, bank: '招商银行', occurredAt: when })
      .returning();
    return repos.marketing.engine.evaluate(
      [{ kind: 'transfer', id: t!.id, customerId, direction: 'in', amount, occurredAt: when }],
      when,
    );
  };
  const openCard = async (customerId: number) => {
    const [c] = await database.db
      .select()
      .from(mktCards)
      .where(and(eq(mktCards.customerId, customerId), inArray(mktCards.state, OPEN_OR_SNOOZED)));
    return c ?? null;
  };

  /**
   * One batch: the maturity of a product (the newest but `nth`) reaching these holders, and a 600,000 transfer of
   * the first holder beside it.
   */
  const maturityBesideTransfer = async (holders: number[], nth: number, when: Date) => {
    const products = await database.db
      .select({ id: mktProducts.id, name: mktProducts.name })
      .from(mktProducts)
      .orderBy(desc(mktProducts.id))
      .limit(nth + 1);
    const product = products[nth]!;
    const [t] = await database.db
      .insert(mktTransfers)
      .values({ customerId: holders[0]!, direction: 'in', amount: 600_000, bank: '招商银行', occurredAt: when })
      .returning();
    const result = await repos.marketing.engine.evaluate(
      [
        {
          kind: 'maturity',
          productId: product.id,
          productName: product.name,
          maturityAt: new Date(when.getTime() + 3 * DAY),
          holders,
          occurredAt: when,
        },
        { kind: 'transfer', id: t!.id, customerId: holders[0]!, direction: 'in', amount: 600_000, occurredAt: when },
      ],
      when,
    );
    return { result, product };
  };
  /** Where a holder's line of a product's maturity went: their own card and the product card. */
  const maturityLines = (product: { id: number }, holder: number) =>
    database.db
      .select({ cardId: mktSignals.cardId, productCardId: mktSignals.productCardId })
      .from(mktSignals)
      .where(eq(mktSignals.factKey, `mat:${product.id}:${holder}`));

  test("thresholds are the adviser's: 40,000 is no inflow by default, is one at 30,000", async () => {
    expect((await transfer(free[0]!, 40_000, at(0))).signals).toBe(0);
    await repos.marketing.settings.set(2, { thresholds: { inflow_min: 30_000 } }, at(0));
    expect(await transfer(free[0]!, 40_000, at(1000))).toMatchObject({ signals: 1, created: 1 });
    expect((await openCard(free[0]!))?.categoryId).toBe(1);
  });

  test('a second signal stacks onto the one open card', async () => {
    expect(await transfer(free[0]!, 600_000, at(2000))).toMatchObject({ signals: 1, stacked: 1, created: 0 });
    const card = await openCard(free[0]!);
    expect([card?.reasonCount, card?.categoryId]).toEqual([2, 7]);
    const item = await repos.marketing.findCard(2, card!.id, at(3000));
    expect(item?.reasons.map((r) => r.category_id)).toEqual([7, 1]);
    expect(item?.score_parts.amount).toBeGreaterThan(0);
  });

  test('the daily cap lets the best in and keeps the rest waiting until tomorrow', async () => {
    // Whatever the seed released today, one place is left: one pass brings three new cards, the best takes it.
    const { released_today: releasedToday } = await repos.marketing.stats(2, 1_000, at(5000));
    await repos.marketing.settings.set(2, { thresholds: { daily_cap: releasedToday + 1 } }, at(0));
    const facts = [];
    for (const [i, amount] of [
      [1, 60_000],
      [2, 900_000],
      [3, 70_000],
    ] as const) {
      const [t] = await database.db
        .insert(mktTransfers)
        .values({ customerId: free[i]!, direction: 'in', amount, bank: '招商银行', occurredAt: at(5000) })
        .returning();
      facts.push({
        kind: 'transfer' as const,
        id: t!.id,
        customerId: free[i]!,
        direction: 'in' as const,
        amount,
        occurredAt: at(5000),
      });
    }
    expect(await repos.marketing.engine.evaluate(facts, at(5000))).toMatchObject({ created: 3 });
    // The score weighs an amount against the customer's AUM and tier, so which of the three is best is the score's
    // to say: exactly one is let in, the best of the three and of everything waiting.
    const cards = (await Promise.all([1, 2, 3].map((i) => openCard(free[i]!)))).map((c) => c!);
    const inToday = cards.filter((c) => c.releasedAt !== null);
    expect(inToday).toHaveLength(1);
    expect(inToday[0]!.score).toBe(Math.max(...cards.map((c) => c.score)));
    const waitingScores = async () =>
      (
        await database.db
          .select({ id: mktCards.id, score: mktCards.score })
          .from(mktCards)
          .where(and(eq(mktCards.adviserId, 2), eq(mktCards.state, 'new'), isNull(mktCards.releasedAt)))
      ).map((w) => w.score);
    expect(inToday[0]!.score).toBeGreaterThanOrEqual(Math.max(...(await waitingScores())));
    expect((await repos.marketing.chanceType(2)).waiting).toBeGreaterThanOrEqual(2);
    // Tomorrow brings new room: the best still waiting go in, up to the cap, and none better stays out.
    const before = await waitingScores();
    await repos.marketing.engine.refresh(2, at(DAY));
    const after = await waitingScores();
    const cap = releasedToday + 1;
    expect(before.length - after.length).toBe(Math.min(cap, before.length));
    const tomorrow = (await Promise.all(cards.map((c) => openCard(c.customerId)))).filter(
      (c) => c!.releasedAt !== null && c!.releasedAt.getTime() >= at(DAY).getTime(),
    );
    for (const c of tomorrow) expect(c!.score).toBeGreaterThanOrEqual(Math.max(0, ...after));
  });

  test('a snoozed card wakes on the next signal, or on its date', async () => {
    const card = (await openCard(free[0]!))!;
    expect((await repos.marketing.lifecycle.snooze(2, card.id, '2025-06-22', at(10_000))).state).toBe('snoozed');
    expect(await transfer(free[0]!, 80_000, at(20_000))).toMatchObject({ resurfaced: 1 });
    expect((await openCard(free[0]!))?.state).toBe('new');
    await repos.marketing.lifecycle.snooze(2, card.id, '2025-06-18', at(30_000));
    // The date is Beijing's: to the last millisecond of the day before, the card sleeps.
    await repos.marketing.engine.refresh(2, new Date('2025-06-17T23:59:59.999+08:00'));
    expect((await openCard(free[0]!))?.state).toBe('snoozed');
    await repos.marketing.engine.refresh(2, new Date('2025-06-18T00:00:00.000+08:00'));
    expect((await openCard(free[0]!))?.state).toBe('new');
  });

  test('ignoring useless cards sinks the category for that adviser; the undo lifts it', async () => {
    const ids = free.slice(4, 8);
    for (const c of ids) {
      const [b] = await database.db
        .insert(mktBehaviours)
        .values({ customerId: c, kind: 'product_view', title: '浏览产品 红利低波精选混合', occurredAt: at(40_000) })
        .returning();
      await repos.marketing.engine.evaluate(
        [
          {
            kind: 'behaviour',
            id: b!.id,
            customerId: c,
            behaviour: 'product_view',
            title: b!.title,
            minutes: null,
            seconds: null,
            productId: null,
            occurredAt: at(40_000),
          },
        ],
        at(40_000),
      );
    }
    const cards = await Promise.all(ids.map((c) => openCard(c)));
    expect(cards.every((c) => c?.categoryId === 6)).toBe(true);
    const results = [];
    for (const c of cards.slice(0, 3))
      results.push(await repos.marketing.lifecycle.ignore(2, c!.id, 'no_need', undefined, at(50_000)));
    expect(results.map((r) => r.category_demoted)).toEqual([false, false, true]);
    const sunk = (await openCard(ids[3]!))!;
    expect(sunk.score).toBeCloseTo(Math.max(0, cards[3]!.score - 20), 1);
    expect((sunk.scoreParts as { feedback: number }).feedback).toBe(-20);
    expect((await repos.marketing.settings.get(2)).demotions.map((d) => d.category_id)).toEqual([6]);
    const ignoredCount = async () => (await repos.marketing.settings.get(2)).demotions[0]?.ignored_count;
    expect(await ignoredCount()).toBe(3);
    // A fourth ignore after the sinking counts: 设置 says 4, not the 3 that sank it.
    await repos.marketing.lifecycle.ignore(2, cards[3]!.id, 'no_need', undefined, at(55_000));
    expect(await ignoredCount()).toBe(4);
    // Restoring one takes it off the count.
    expect((await repos.marketing.lifecycle.restore(2, cards[3]!.id, at(56_000))).state).toBe('viewed');
    expect(await ignoredCount()).toBe(3);
    await repos.marketing.lifecycle.clearDemotions(2, [6], at(60_000));
    expect((await repos.marketing.settings.get(2)).demotions).toEqual([]);
    expect((await openCard(ids[3]!))!.score).toBeCloseTo(cards[3]!.score, 1);
    // Restoring an ignored card brings it back to the workbench.
    expect((await repos.marketing.lifecycle.restore(2, cards[0]!.id, at(70_000))).state).toBe('viewed');
  });

  test('the data table counts the open cards the workbench counts, category by category', async () => {
    for (const adviser of [1, 2]) {
      const [types, table] = await Promise.all([
        repos.marketing.chanceType(adviser),
        repos.marketing.stats(adviser, 10, at(80_000)),
      ]);
      const byCategory = new Map(types.list.flatMap((g) => g.categories).map((c) => [c.category_id, c.count]));
      const open = table.rows.map((r) => [r.category_id, r.new + r.viewed + r.handling]);
      expect(open).toEqual(table.rows.map((r) => [r.category_id, byCategory.get(r.category_id) ?? 0]));
      expect(open.reduce((a, [, n]) => a + n!, 0)).toBe(types.total);
      expect(types.total).toBeGreaterThan(0);
    }
  });

  test("the data table's states are each state's released cards and the waiting ones, counted plainly", async () => {
    // One of each kind the table's parts read from different indexes, and one it leaves out (opened, never released).
    const open = await database.db
      .select({ id: mktCards.id, state: mktCards.state })
      .from(mktCards)
      .where(and(eq(mktCards.adviserId, 2), inArray(mktCards.state, ['new', 'viewed', 'handling'])))
      .orderBy(mktCards.id)
      .limit(3);
    await database.db.update(mktCards).set({ state: 'viewed', releasedAt: null }).where(eq(mktCards.id, open[0]!.id));
    await database.db.update(mktCards).set({ state: 'new', releasedAt: null }).where(eq(mktCards.id, open[1]!.id));
    await database.db
      .update(mktCards)
      .set({ state: 'snoozed', snoozeUntil: '2099-01-01' })
      .where(eq(mktCards.id, open[2]!.id));
    const table = await repos.marketing.stats(2, 10, at(80_000));
    const plain = await database.db
      .select({
        categoryId: mktCards.categoryId,
        state: mktCards.state,
        waiting: sql<boolean>`${mktCards.releasedAt} is null`,
        n: count(),
      })
      .from(mktCards)
      .where(and(eq(mktCards.adviserId, 2), inArray(mktCards.state, ['new', 'viewed', 'handling', 'snoozed'])))
      .groupBy(mktCards.categoryId, mktCards.state, sql`${mktCards.releasedAt} is null`);
    const n = (categoryId: number, state: string, waiting: boolean) =>
      plain
        .filter((r) => r.categoryId === categoryId && r.state === state && r.waiting === waiting)
        .reduce((a, r) => a + Number(r.n), 0);
    expect(table.rows.map((r) => [r.new, r.viewed, r.handling, r.snoozed, r.waiting])).toEqual(
      table.rows.map((r) => [
        n(r.category_id, 'new', false),
        n(r.category_id, 'viewed', false),
        n(r.category_id, 'handling', false),
        n(r.category_id, 'snoozed', false),
        n(r.category_id, 'new', true),
      ]),
    );
    expect(table.rows.reduce((a, r) => a + r.snoozed, 0)).toBeGreaterThan(0);
    expect(table.rows.reduce((a, r) => a + r.waiting, 0)).toBeGreaterThan(0);
  });

  test('live-to-card: a 10-minute watch and a question become one behaviour card for the adviser', async () => {
    const [customer] = await database.db.select().from(mktCustomers).where(eq(mktCustomers.userId, 4));
    const [live] = await database.db.select().from(lives).orderBy(lives.id).limit(1);
    const before = await openCard(customer!.id);
    // The day's cap is used up by another card, so only the live exemption can put this one on the workbench.
    await repos.marketing.settings.set(customer!.adviserId, { thresholds: { daily_cap: 1 } }, at(0));
    await database.db
      .update(mktCards)
      .set({ releasedAt: at(50_000) })
      .where(and(eq(mktCards.adviserId, customer!.adviserId), sql`${mktCards.customerId} <> ${customer!.id}`));
    if (before) await database.db.update(mktCards).set({ releasedAt: null }).where(eq(mktCards.id, before.id));
    await repos.presence.heartbeat(live!.roomId, { viewerId: 'C0004', userId: customer!.userId }, at(100_000));
    await repos.marketing.liveScan.scan(at(100_000));
    // Heartbeats and scans go on as on the server (a scan sees the viewer at least every 90 s).
    for (let m = 1; m <= 11; m += 1) {
      await repos.presence.heartbeat(
        live!.roomId,
        { viewerId: 'C0004', userId: customer!.userId },
        at(100_000 + m * 60_000),
      );
      await repos.marketing.liveScan.scan(at(100_000 + m * 60_000));
    }
    const card = (await openCard(customer!.id))!;
    expect(card.categoryId).toBe(5);
    expect(card.adviserId).toBe(customer!.adviserId);
    if (before) expect(card.id).toBe(before.id);
    // On the workbench at once, whatever the day's cap has let through already: the live is on now.
    expect(card.releasedAt).not.toBeNull();
    await database.db.insert(leaveMessages).values({
      liveId: live!.id,
      employeeId: 'C0004',
      realName: '张伟',
      content: '请问这只基金适合我吗？',
      createdAt: at(800_000),
    });
    expect((await repos.marketing.liveScan.scan(at(810_000))).questions).toBe(1);
    const item = await repos.marketing.findCard(customer!.adviserId, card.id, at(810_000));
    expect(item?.reasons[0]?.title).toContain('请问这只基金适合我吗');
    expect(item?.reasons[1]?.title).toContain('分钟');
  });

  test("an adviser never reaches another adviser's card, customer or clue", async () => {
    const card = (await openCard(free[1]!))!;
    expect(await repos.marketing.findCard(1, card.id, T)).toBeNull();
    expect(await repos.marketing.findCustomer(1, free[1]!)).toBeNull();
    for (const attempt of [
      () => repos.marketing.lifecycle.check(1, card.id, T),
      () => repos.marketing.lifecycle.snooze(1, card.id, '2025-06-20', T),
      () => repos.marketing.lifecycle.ignore(1, card.id, 'no_need', undefined, T),
      () => repos.marketing.lifecycle.setHandling(1, card.id, T),
      () =>
        repos.marketing.lifecycle.submitHandle(
          1,
          { idempotency_key: 'iso-key-1', card_id: card.id, outcome: 'converted', note: '' },
          T,
        ),
    ])
      await expect(attempt()).rejects.toMatchObject({ statusCode: 404 });
  });

  test('a handling submit is idempotent by its key', async () => {
    const card = (await openCard(free[2]!))!;
    const body = {
      idempotency_key: 'offline-queue-0001',
      card_id: card.id,
      outcome: 'converted' as const,
      note: '客户已申购',
    };
    const first = await repos.marketing.lifecycle.submitHandle(2, body, at(900_000));
    const again = await repos.marketing.lifecycle.submitHandle(2, body, at(960_000));
    expect([first.duplicate, again.duplicate, again.handle_id, again.state]).toEqual([
      false,
      true,
      first.handle_id,
      'done',
    ]);
    const [{ n } = { n: 0 }] = await database.db
      .select({ n: count() })
      .from(mktClueHandles)
      .where(eq(mktClueHandles.idempotencyKey, body.idempotency_key));
    expect(Number(n)).toBe(1);
  });
  test('one batch of facts creates, stacks and wakes cards for several customers at once, each signal on its card', async () => {
    const [first, second, third] = [free[8]!, free[9]!, free[10]!];
    await transfer(first, 500_000, at(1_000_000));
    await transfer(second, 500_000, at(1_000_000));
    const snoozed = (await openCard(second))!;
    await repos.marketing.lifecycle.snooze(2, snoozed.id, '2025-07-01', at(1_001_000));
    const facts = [];
    for (const customerId of [first, second, third, first]) {
      const [t] = await database.db
        .insert(mktTransfers)
        .values({ customerId, direction: 'in', amount: 700_000, bank: '招商银行', occurredAt: at(1_002_000) })
        .returning();
      facts.push({
        kind: 'transfer' as const,
        id: t!.id,
        customerId,
        direction: 'in' as const,
        amount: 700_000,
        occurredAt: at(1_002_000),
      });
    }
    expect(await repos.marketing.engine.evaluate(facts, at(1_002_000))).toEqual({
      signals: 4,
      created: 1,
      stacked: 1,
      resurfaced: 1,
    });
    const cards = await Promise.all([first, second, third].map((c) => openCard(c)));
    expect(cards.map((c) => [c!.state, c!.reasonCount])).toEqual([
      ['new', 3],
      ['new', 2],
      ['new', 1],
    ]);
    expect(cards[1]!.id).toBe(snoozed.id);
    const linked = await database.db
      .select({ cardId: mktSignals.cardId, n: count() })
      .from(mktSignals)
      .where(
        and(
          inArray(mktSignals.customerId, [first, second, third]),
          sql`${mktSignals.occurredAt} >= ${at(1_000_000).toISOString()}::timestamptz`,
        ),
      )
      .groupBy(mktSignals.cardId);
    expect(new Map(linked.map((l) => [l.cardId, Number(l.n)]))).toEqual(
      new Map([
        [cards[0]!.id, 3],
        [cards[1]!.id, 2],
        [cards[2]!.id, 1],
      ]),
    );
  });
  test("a product event and a transfer in one batch: the product card takes the event, the holder's own card counts its line among the reasons it is scored on", async () => {
    // The first holder is a clean slate; the other two only make the event reach a product card.
    const holders = [free[11]!, free[4]!, free[5]!];
    await transfer(holders[0]!, 500_000, at(2_000_000));
    const before = (await openCard(holders[0]!))!;
    expect(before.reasonCount).toBe(1);
    const { result, product } = await maturityBesideTransfer(holders, 0, at(2_001_000));
    // Three holders reach a product card: only the transfer is stacked, onto the open card.
    expect(result).toEqual({ signals: 4, created: 0, stacked: 1, resurfaced: 0 });
    const after = (await openCard(holders[0]!))!;
    expect(after.id).toBe(before.id);
    // The first transfer, the maturity's line (linked to the open card) and the new transfer.
    expect(after.reasonCount).toBe(3);
    expect(await maturityLines(product, holders[0]!)).toEqual([
      { cardId: before.id, productCardId: expect.any(Number) },
    ]);
  });

  test("a holder with no open card: the transfer beside the event makes the customer's new card, the event's line stays on the product card only", async () => {
    const holders = [free[6]!, free[7]!, free[4]!];
    expect(await openCard(holders[0]!)).toBeNull();
    const { result, product } = await maturityBesideTransfer(holders, 1, at(2_100_000));
    expect(result).toEqual({ signals: 4, created: 1, stacked: 0, resurfaced: 0 });
    const card = (await openCard(holders[0]!))!;
    expect([card.reasonCount, card.categoryId]).toEqual([1, 7]);
    expect(await maturityLines(product, holders[0]!)).toEqual([{ cardId: null, productCardId: expect.any(Number) }]);
  });

  test('ingest stores drafts as they are: a new one makes a card, the same fact again nothing, an empty batch or an unknown customer nothing', async () => {
    const { engine } = repos.marketing;
    const draft = {
      customerId: free[12]!,
      categoryId: 1,
      factKey: `contract-ingest:${free[12]!}`,
      title: '资金转入 12.0万元',
      amount: 120_000,
      productId: null,
      intensity: 0,
      occurredAt: at(40_000),
    };
    const none = { signals: 0, created: 0, stacked: 0, resurfaced: 0 };
    expect(await engine.ingest([], at(40_000))).toEqual(none);
    expect(await engine.ingest([{ ...draft, customerId: 2_000_000_000 }], at(40_000))).toEqual(none);
    expect(await engine.ingest([draft], at(40_000))).toEqual({ signals: 1, created: 1, stacked: 0, resurfaced: 0 });
    expect(await engine.ingest([draft], at(41_000))).toEqual(none);
    const card = await openCard(free[12]!);
    expect([card?.categoryId, card?.reasonCount, card?.adviserId]).toEqual([1, 1, 2]);
  });

  test('a fact naming no known customer makes nothing, alone or beside one that does', async () => {
    const unknown = {
      kind: 'transfer' as const,
      id: 2_000_000_000,
      customerId: 2_000_000_000,
      direction: 'in' as const,
      amount: 900_000,
      occurredAt: at(50_000),
    };
    const { engine } = repos.marketing;
    expect(await engine.evaluate([unknown], at(50_000))).toEqual({ signals: 0, created: 0, stacked: 0, resurfaced: 0 });
    const [t] = await database.db
      .insert(mktTransfers)
      .values({ customerId: free[13]!, direction: 'in', amount: 900_000, bank: '招商银行', occurredAt: at(50_000) })
      .returning();
    const known = { ...unknown, id: t!.id, customerId: free[13]! };
    expect(await engine.evaluate([unknown, known], at(50_000))).toMatchObject({ signals: 1, created: 1 });
  });

  test("an adviser's demotion of a category sinks the score of a card the engine makes in it", async () => {
    const [t] = await database.db
      .insert(mktTransfers)
      .values({ customerId: free[14]!, direction: 'in', amount: 900_000, bank: '招商银行', occurredAt: at(60_000) })
      .returning();
    await database.db.execute(
      sql`insert into mkt_demotions (adviser_id, category_id, ignored_count, penalty, since) values (2, 7, 3, 12.5, ${at(0).toISOString()})`,
    );
    try {
      await repos.marketing.engine.evaluate(
        [
          {
            kind: 'transfer',
            id: t!.id,
            customerId: free[14]!,
            direction: 'in',
            amount: 900_000,
            occurredAt: at(60_000),
          },
        ],
        at(60_000),
      );
      const card = (await openCard(free[14]!))!;
      expect(card.categoryId).toBe(7);
      const item = await repos.marketing.findCard(2, card.id, at(61_000));
      expect(item?.score_parts.feedback).toBe(-12.5);
    } finally {
      await database.db.execute(
        sql`delete from mkt_demotions where adviser_id = 2 and category_id = 7 and penalty = 12.5`,
      );
    }
  });

  test('the whole pass wakes what is due and releases within the cap, partition by partition, and sums what it did', async () => {
    const { engine } = repos.marketing;
    const now = at(3 * DAY);
    const partitions = await engine.partitionsWithWork(now);
    const waiting = async () =>
      Number(
        (
          (await database.db.execute(
            sql`select count(*)::int as n from mkt_cards where state = 'new' and released_at is null`,
          )) as unknown as { rows: { n: number }[] }
        ).rows[0]!.n,
      );
    // A snooze whose date has come by then: the ingested card of the test above, asleep until the day before.
    const asleep = (await openCard(free[12]!))!;
    await repos.marketing.lifecycle.snooze(2, asleep.id, businessDate(at(2 * DAY)), at(45_000));
    const before = await waiting();
    const done = await engine.pass(now);
    expect(partitions.length).toBeGreaterThan(0);
    expect(done.released).toBeGreaterThan(0);
    expect(await waiting()).toBeLessThan(before);
    expect(done.woken).toBeGreaterThanOrEqual(1);
    expect((await openCard(free[12]!))?.state).toBe('new');
    // Nothing is left for the same moment: a second pass does nothing.
    expect(await engine.pass(now)).toEqual({ woken: 0, released: 0 });
  });

  test('every card keeps the summary of exactly the reasons linked to it, after every change above and the seed', async () => {
    const differing = (await database.db.execute(sql`
      select c.id, c.reasons_linked, s.linked from mkt_cards c
      left join (
        select card_id, coalesce(max(abs(amount)), 0)::float8 as max_amount,
          coalesce(max(intensity), 0)::float8 as max_intensity, max(occurred_at) as newest_at, count(*)::int as linked
        from mkt_signals where card_id is not null group by card_id
      ) as s on s.card_id = c.id
      where c.reasons_linked <> coalesce(s.linked, 0)
        or (s.linked > 0 and (abs(c.reasons_max_amount - s.max_amount) > 0.001
          -- Intensities are reals: a sum in SQL reads 0.9 as 0.8999999761581421.
          or abs(c.reasons_max_intensity - s.max_intensity) > 0.000001
          or c.reasons_newest_at is distinct from s.newest_at))`)) as unknown as { rows: unknown[] };
    expect(differing.rows).toEqual([]);
    const linked = (await database.db.execute(
      sql`select count(*)::int as n from mkt_cards where reasons_linked > 1`,
    )) as unknown as { rows: { n: number }[] };
    // Not vacuous: cards with several reasons, stacked and joined by product lines, are among them.
    expect(linked.rows[0]!.n).toBeGreaterThan(10);
  });

  test("the workbench list's total is the sum its trigger keeps: the cards' own count after every change above, by group and category, folded or not, and after a customer goes", async () => {
    const now = at(3 * DAY);
    const counted = async (adviser: number, categories: number[] | null) =>
      Number(
        (
          (await database.db.execute(
            sql`select count(*)::int as n from mkt_cards where adviser_id = ${adviser}
              and state in ('new', 'viewed', 'handling') and released_at is not null
              ${
                categories
                  ? sql`and category_id in (${sql.join(
                      categories.map((c) => sql`${c}`),
                      sql`, `,
                    )})`
                  : sql``
              }`,
          )) as unknown as { rows: { n: number }[] }
        ).rows[0]!.n,
      );
    const listed = async (adviser: number, q: { group?: string; category_id?: number }) =>
      (await repos.marketing.listOpenCards(adviser, { limit: 1, ...q } as never, now)).total;
    const everyList = async () => {
      for (const adviser of [1, 2, 3]) {
        expect(await listed(adviser, {})).toBe(await counted(adviser, null));
        expect(await listed(adviser, { group: 'money_flow' })).toBe(await counted(adviser, [1, 2, 7]));
        for (const category of [1, 5, 6])
          expect(await listed(adviser, { category_id: category })).toBe(await counted(adviser, [category]));
      }
    };
    await everyList();
    expect(await counted(2, null)).toBeGreaterThan(0);
    // Folded: one row per adviser and category, the same totals.
    expect(await foldWorkbenchCounts(database.db)).toBeGreaterThan(0);
    const groups = (await database.db.execute(
      sql`select count(*)::int as n from mkt_workbench_counts group by adviser_id, category_id having count(*) > 1`,
    )) as unknown as { rows: unknown[] };
    expect(groups.rows).toEqual([]);
    expect(await foldWorkbenchCounts(database.db)).toBe(0);
    await everyList();
    // A customer deleted takes their card off the workbench and off its total.
    const [gone] = await database.db
      .select({ customerId: mktCards.customerId })
      .from(mktCards)
      .where(
        and(
          eq(mktCards.adviserId, 2),
          inArray(mktCards.state, ['new', 'viewed', 'handling']),
          sql`${mktCards.releasedAt} is not null`,
        ),
      )
      .limit(1);
    const before = await listed(2, {});
    await database.db.delete(mktCustomers).where(eq(mktCustomers.id, gone!.customerId));
    expect(await listed(2, {})).toBe(before - 1);
    await everyList();
  });
}
