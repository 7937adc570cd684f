/**
 * @jest-environment ./server/test-support/jest-environment.ts
 */
import { and, eq, inArray, isNotNull } from 'drizzle-orm';

import { businessDate } from '../../src/api/contract/dates';
import { maskName } from '../../src/api/contract/mask';
import { mktCards, mktClues, mktCustomers, users } from '../db/schema';
import { nameInitials } from '../marketing/name-match';
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

test('search finds a customer by the name as displayed (stars included) and by pinyin initials', async () => {
  const rows = await t.database.db.select().from(mktCustomers).where(eq(mktCustomers.adviserId, 1));
  const c = rows.find((r) => [...r.name].length === 3)!;
  const shown = maskName(c.name);
  const ids = (r: Awaited<ReturnType<typeof mm>>) =>
    r.body.data.customers.map((x: { customer: { customer_id: number } }) => x.customer.customer_id);
  const asShown = await mm(t, sid1, 'POST', '/search/keyword', { keyword: shown, kinds: ['customer'], limit: 20 });
  expect(ids(asShown)).toContain(c.id);
  expect(asShown.body.data.customers[0].highlight).toEqual([[0, 3]]);
  // Full-width star, as a Chinese keyboard types it.
  const fullWidth = await mm(t, sid1, 'POST', '/search/keyword', {
    keyword: shown.replace('*', '＊'),
    kinds: ['customer'],
  });
  expect(ids(fullWidth)).toContain(c.id);
  // Every hit reads as typed: a star is one hidden character, not any run of them.
  for (const x of asShown.body.data.customers) expect(x.matched_text).toContain(shown);
  const initials = nameInitials(c.name);
  const byInitials = await mm(t, sid1, 'POST', '/search/keyword', {
    keyword: initials.toUpperCase(),
    kinds: ['customer'],
    limit: 20,
  });
  expect(ids(byInitials)).toContain(c.id);
  expect(byInitials.raw.body).not.toContain(c.name);
  // Initials start at the surname: the given name's initials alone do not match.
  const tail = await mm(t, sid1, 'POST', '/search/keyword', {
    keyword: initials.slice(1),
    kinds: ['customer'],
    limit: 20,
  });
  const tailIds: number[] = ids(tail);
  expect(
    tailIds.every(
      (id) =>
        nameInitials(rows.find((r) => r.id === id)?.name ?? '').startsWith(initials.slice(1)) ||
        rows.find((r) => r.id === id)?.tags.includes(initials.slice(1)),
    ),
  ).toBe(true);
  // An adviser never finds another adviser's customer by initials.
  const other = (await t.database.db.select().from(mktCustomers).where(eq(mktCustomers.adviserId, 2)))[0]!;
  const foreignHit = await mm(t, sid1, 'POST', '/search/keyword', {
    keyword: nameInitials(other.name),
    kinds: ['customer'],
    limit: 20,
  });
  expect(ids(foreignHit)).not.toContain(other.id);
});

test('clues come by priority, then newest, across pages; a follow-up due today is hot, tomorrow is not', async () => {
  const now = t.clock.now();
  const today = businessDate(now);
  const tomorrow = businessDate(new Date(now.getTime() + 86_400_000));
  const base = { adviserId: 1, name: '赵一鸣', phone: '13900001111', title: '测试线索', state: 'new' as const };
  const at = (minutes: number) => new Date(now.getTime() - minutes * 60_000);
  const added = await t.database.db
    .insert(mktClues)
    .values([
      { ...base, source: 'manual', nextFollowUp: today, createdAt: at(900) },
      { ...base, source: 'manual', nextFollowUp: tomorrow, createdAt: at(1) },
      { ...base, source: 'live_visitor', createdAt: at(600) },
      { ...base, source: 'material_reader', createdAt: at(2) },
      { ...base, source: 'invitation', createdAt: at(300) },
    ])
    .returning({ id: mktClues.id });
  const [dueToday, dueTomorrow, visitor, reader, invited] = added.map((r) => r.id);
  const seen: Array<{ clue_id: number; priority: string; created_at: number }> = [];
  let cursor: string | undefined;
  do {
    const page = await mm(t, sid1, 'GET', '/clue/list', { limit: 3, ...(cursor ? { cursor } : {}) });
    expect(page.status).toBe(200);
    seen.push(...page.body.data.list);
    cursor = page.body.data.next_cursor ?? undefined;
  } while (cursor);
  const rank = { hot: 2, warm: 1, cold: 0 } as Record<string, number>;
  for (let i = 1; i < seen.length; i++) {
    const [a, b] = [seen[i - 1]!, seen[i]!];
    const order = rank[a.priority]! - rank[b.priority]! || a.created_at - b.created_at || a.clue_id - b.clue_id;
    expect([a.clue_id, b.clue_id, order > 0]).toEqual([a.clue_id, b.clue_id, true]);
  }
  expect(new Set(seen.map((c) => c.clue_id)).size).toBe(seen.length);
  const priorityOf = (id: number) => seen.find((c) => c.clue_id === id)?.priority;
  expect([dueToday, dueTomorrow, visitor, reader, invited].map((id) => priorityOf(id!))).toEqual([
    'hot',
    'cold',
    'hot',
    'warm',
    'warm',
  ]);
  // Hot before warm though older; within hot, the newer live visitor first.
  const pos = (id: number) => seen.findIndex((c) => c.clue_id === id);
  expect(pos(visitor!)).toBeLessThan(pos(dueToday!));
  expect(pos(dueToday!)).toBeLessThan(pos(reader!));
  expect(pos(invited!)).toBeLessThan(pos(dueTomorrow!));
});

test("the team's rank lists advisers only, not an operations employee with a book", async () => {
  const r = await mm(t, sid1, 'POST', '/clue-handle/rank', {});
  const names = r.body.data.list.map((x: { adviser_name: string }) => x.adviser_name);
  expect(names).toEqual(expect.arrayContaining(['王建国', '李晓梅']));
  expect(names).not.toContain('陈志强');
  // He is an employee (role adviser on the record) without the financial-adviser flag.
  const [u3] = await t.database.db.select().from(users).where(eq(users.id, 3));
  expect([u3?.role, u3?.isFinancialAdvisor]).toEqual(['adviser', false]);
});

test('a follow-up date set at handling shows on the card in the list and the detail, and goes when it closes', async () => {
  const [card] = await t.database.db
    .select()
    .from(mktCards)
    .where(and(eq(mktCards.adviserId, 1), inArray(mktCards.state, ['new', 'viewed']), isNotNull(mktCards.releasedAt)))
    .limit(1);
  const submit = (key: string, outcome: string, extra: Record<string, unknown> = {}) =>
    mm(t, sid1, 'POST', '/clue-handle/submit', {
      idempotency_key: key,
      card_id: card!.id,
      outcome,
      note: '',
      ...extra,
    });
  const due = businessDate(new Date(t.clock.now().getTime() + 3 * 86_400_000));
  const first = await submit('follow-up-1', 'follow_up', { next_follow_up: due });
  expect([first.status, first.body.data.next_follow_up]).toEqual([200, due]);
  const detail = await mm(t, sid1, 'GET', '/chance/detail', { card_id: card!.id });
  expect(detail.body.data.next_follow_up).toBe(due);
  const walk = async () => {
    const found: Array<{ card_id: number; next_follow_up: string | null }> = [];
    let cursor: string | undefined;
    do {
      const page = await mm(t, sid1, 'GET', '/chance-card/list', { limit: 50, ...(cursor ? { cursor } : {}) });
      found.push(...page.body.data.list);
      cursor = page.body.data.next_cursor ?? undefined;
    } while (cursor);
    return found.find((c) => c.card_id === card!.id);
  };
  expect((await walk())?.next_follow_up).toBe(due);
  const closed = await submit('follow-up-2', 'converted');
  expect([closed.body.data.state, closed.body.data.next_follow_up]).toEqual(['done', null]);
  const [row] = await t.database.db.select().from(mktCards).where(eq(mktCards.id, card!.id));
  expect(row?.nextFollowUp).toBeNull();
});
