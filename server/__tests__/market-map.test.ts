/**
 * @jest-environment ./server/test-support/jest-environment.ts
 */
import { and, eq, inArray, isNotNull } from 'drizzle-orm';

import { mktCards, mktClues, mktCustomers } from '../db/schema';
import { createUsersRepository } from '../repositories/users';
import { createTestApp, type TestApp } from '../test-support/app';
import { mm } from '../test-support/market-map';

let t: TestApp;
let sid1: string;
let customerSid: string;
/** Adviser 2's open card, customer and clue: adviser 1 must never reach them. */
let foreign: { card: number; customer: number; clue: number };
let mine: { card: number; customer: number; clue: number; phone: string };
beforeAll(async () => {
  t = await createTestApp();
  const users = createUsersRepository(t.database.db);
  sid1 = (await users.createSession(1, t.clock.now())).token;
  customerSid = (await users.createSession(4, t.clock.now())).token;
  const pick = async (adviserId: number) => {
    const [card] = await t.database.db
      .select()
      .from(mktCards)
      .where(and(eq(mktCards.adviserId, adviserId), inArray(mktCards.state, ['new', 'viewed'])))
      .limit(1);
    const [clue] = await t.database.db
      .select()
      .from(mktClues)
      .where(and(eq(mktClues.adviserId, adviserId), eq(mktClues.state, 'new')))
      .limit(1);
    const [customer] = await t.database.db.select().from(mktCustomers).where(eq(mktCustomers.id, card!.customerId));
    return { card: card!.id, customer: card!.customerId, clue: clue!.id, phone: customer!.phone };
  };
  foreign = await pick(2);
  mine = await pick(1);
}, 120_000);
afterAll(() => t.close());

const reads = (): Array<[string, Record<string, unknown>?]> => [
  ['/chance/categories'],
  ['/chance/type'],
  ['/chance-card/list', { order: 'time', limit: 5 }],
  ['/chance-card/user-list', { order: 'aum_desc' }],
  ['/chance-card/tag-list'],
  ['/chance-card/stats'],
  ['/chance/list', { state: 'ignored' }],
  ['/clue/list'],
  ['/clue-handle/options'],
  ['/rule-settings/index'],
  ['/chance/detail', { card_id: mine.card }],
  ['/clue/customer-chance', { customer_id: mine.customer }],
  ['/clue/behaviors', { customer_id: mine.customer }],
];

test('every read answers the signed adviser, with masked people only', async () => {
  for (const [path, query] of reads()) {
    const r = await mm(t, sid1, 'GET', path, query);
    expect([path, r.status, r.body.error.code]).toEqual([path, 200, 0]);
    expect(r.raw.body).not.toContain(mine.phone);
  }
  const list = await mm(t, sid1, 'GET', '/chance-card/list', { limit: 3 });
  expect(list.body.data.list[0].customer.display_name).toMatch(/\*/);
  expect(list.body.data.list[0].customer.phone_masked).toMatch(/^\d{3}\*{4}\d{4}$/);
  for (const [path, body] of [
    ['/clue-handle/rank', {}],
    ['/search/keyword', { keyword: '张' }],
  ] as const) {
    const r = await mm(t, sid1, 'POST', path, body);
    expect([path, r.status]).toEqual([path, 200]);
    expect(r.raw.body).not.toContain(mine.phone);
  }
});

test("paging: walking next_cursor gives every open card once, in order, with the first page's total", async () => {
  for (const order of ['priority', 'time'] as const) {
    // The first page wakes and releases what is due; the database then holds the list to expect.
    await mm(t, sid1, 'GET', '/chance-card/list', { order, limit: 1 });
    const rows = await t.database.db
      .select({ id: mktCards.id, score: mktCards.score, updatedAt: mktCards.updatedAt })
      .from(mktCards)
      .where(
        and(
          eq(mktCards.adviserId, 1),
          inArray(mktCards.state, ['new', 'viewed', 'handling']),
          isNotNull(mktCards.releasedAt),
        ),
      );
    const key = (r: (typeof rows)[number]) => (order === 'priority' ? r.score : r.updatedAt.getTime());
    const expected = rows.sort((a, b) => key(b) - key(a) || b.id - a.id).map((r) => r.id);
    expect(expected.length).toBeGreaterThan(20);
    const seen: number[] = [];
    let cursor: string | undefined;
    do {
      const page = await mm(t, sid1, 'GET', '/chance-card/list', { order, limit: 7, ...(cursor ? { cursor } : {}) });
      expect(page.body.data.total).toBe(expected.length);
      seen.push(...page.body.data.list.map((c: { card_id: number }) => c.card_id));
      cursor = page.body.data.next_cursor ?? undefined;
    } while (cursor);
    expect(seen).toEqual(expected);
  }
});

test('the lifecycle through the endpoints: check, snooze, handle, submit (idempotent), ignore, restore, settings', async () => {
  expect((await mm(t, sid1, 'POST', '/chance-card/check', { card_id: mine.card })).body.data.state).toMatch(
    /viewed|handling/,
  );
  expect(
    (await mm(t, sid1, 'POST', '/chance-card/snooze', { card_id: mine.card, until: '2025-06-20' })).body.data.state,
  ).toBe('snoozed');
  expect((await mm(t, sid1, 'POST', '/clue-handle/set-handling', { card_id: mine.card })).body.data.state).toBe(
    'handling',
  );
  const submit = {
    idempotency_key: 'endpoint-test-0001',
    card_id: mine.card,
    outcome: 'follow_up',
    note: '约了周五',
    next_follow_up: '2025-06-20',
  };
  const first = await mm(t, sid1, 'POST', '/clue-handle/submit', submit);
  const again = await mm(t, sid1, 'POST', '/clue-handle/submit', submit);
  expect([first.body.data.duplicate, again.body.data.duplicate, again.body.data.handle_id]).toEqual([
    false,
    true,
    first.body.data.handle_id,
  ]);
  expect(
    (await mm(t, sid1, 'POST', '/feedback/cancel', { card_id: mine.card, action: 'ignore', reason: 'contacted' })).body
      .data.state,
  ).toBe('ignored');
  expect(
    (await mm(t, sid1, 'POST', '/feedback/cancel', { card_id: mine.card, action: 'restore' })).body.data.state,
  ).toBe('viewed');
  expect((await mm(t, sid1, 'POST', '/clue-handle/set-handling', { clue_id: mine.clue })).body.data.state).toBe(
    'handling',
  );
  const set = await mm(t, sid1, 'POST', '/rule-settings/set', {
    thresholds: { daily_cap: 30 },
    enabled_categories: [1, 2, 3, 4, 5, 6, 7],
  });
  expect([set.body.data.thresholds.daily_cap, set.body.data.enabled_categories.length]).toEqual([30, 7]);
});

test("another adviser's card, customer or clue is a 404 on every route that names one", async () => {
  const calls: Array<['GET' | 'POST', string, Record<string, unknown>]> = [
    ['GET', '/chance/detail', { card_id: foreign.card }],
    ['GET', '/clue/customer-chance', { customer_id: foreign.customer }],
    ['GET', '/clue/behaviors', { customer_id: foreign.customer }],
    ['POST', '/chance-card/check', { card_id: foreign.card }],
    ['POST', '/chance-card/snooze', { card_id: foreign.card, until: '2025-06-20' }],
    ['POST', '/clue-handle/set-handling', { card_id: foreign.card }],
    ['POST', '/clue-handle/set-handling', { clue_id: foreign.clue }],
    [
      'POST',
      '/clue-handle/submit',
      { idempotency_key: 'foreign-0001', card_id: foreign.card, outcome: 'converted', note: '' },
    ],
    [
      'POST',
      '/clue-handle/submit',
      { idempotency_key: 'foreign-0002', clue_id: foreign.clue, outcome: 'converted', note: '' },
    ],
    ['POST', '/feedback/cancel', { card_id: foreign.card, action: 'ignore', reason: 'no_need' }],
    ['POST', '/feedback/cancel', { card_id: foreign.card, action: 'restore' }],
  ];
  for (const [method, path, input] of calls)
    expect([path, (await mm(t, sid1, method, path, input)).status]).toEqual([path, 404]);
});

test("identity only from a live adviser sid: unknown 401, a customer's 403", async () => {
  expect((await mm(t, 'no-such-sid', 'GET', '/chance-card/list')).status).toBe(401);
  expect((await mm(t, customerSid, 'GET', '/chance-card/list')).status).toBe(403);
  const unsigned = await t.app.inject({
    method: 'GET',
    url: '/market_map_url/chance/type',
    headers: { accountid: sid1 },
  });
  expect(unsigned.statusCode).toBe(401);
});

test('bad input is a 400 with a message, never a 500', async () => {
  const bad: Array<['GET' | 'POST', string, Record<string, unknown>]> = [
    ['GET', '/chance-card/list', { limit: 0 }],
    ['GET', '/chance-card/list', { limit: 51 }],
    ['GET', '/chance-card/list', { order: 'random' }],
    ['GET', '/chance-card/list', { cursor: 'bm90LWEtY3Vyc29y' }],
    ['GET', '/chance-card/list', { tags: 'a\u0000b' }],
    ['GET', '/chance/detail', { card_id: 0 }],
    ['GET', '/chance/detail', { card_id: 2147483648 }],
    ['GET', '/chance/list', { state: 'new' }],
    ['POST', '/chance-card/check', {}],
    ['POST', '/chance-card/snooze', { card_id: mine.card, until: '2020-01-01' }],
    ['POST', '/feedback/cancel', { card_id: mine.card, action: 'ignore', reason: 'bored' }],
    ['POST', '/feedback/cancel', { card_id: mine.card, action: 'ignore', reason: 'other' }],
    [
      'POST',
      '/clue-handle/submit',
      { idempotency_key: 'both-ids-01', card_id: mine.card, clue_id: mine.clue, outcome: 'converted', note: '' },
    ],
    ['POST', '/clue-handle/submit', { idempotency_key: 'x', card_id: mine.card, outcome: 'converted', note: '' }],
    [
      'POST',
      '/clue-handle/submit',
      { idempotency_key: 'nul-note-01', card_id: mine.card, outcome: 'converted', note: 'a\u0000' },
    ],
    ['POST', '/search/keyword', { keyword: '' }],
    ['POST', '/rule-settings/set', { thresholds: { daily_cap: 0 } }],
    ['POST', '/rule-settings/set', { enabled_categories: [9] }],
  ];
  for (const [method, path, input] of bad) {
    const r = await mm(t, sid1, method, path, input);
    expect([path, JSON.stringify(input), r.status]).toEqual([path, JSON.stringify(input), 400]);
    expect(r.body.error.message.length).toBeGreaterThan(0);
  }
});
