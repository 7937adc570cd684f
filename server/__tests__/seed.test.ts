import { liveStatusAt } from '../../src/api/contract/live-rules';
import { type CardState, CHANCE_CATEGORY_GROUPS, OPEN_CARD_STATES } from '../../src/api/contract/market-map-constants';
import { generateSeed, seedBaseTime } from '../db/seed/generate';
import { generateMarketingSeed } from '../db/seed/marketing';
import { TEST_BASE_TIME } from '../test-support/database';

const MIN = 60_000;
const statusCounts = (rows: ReturnType<typeof generateSeed>, at: Date) => {
  const counts = { 1: 0, 2: 0, 3: 0 } as Record<number, number>;
  for (const l of rows.lives.filter((x) => x.categoryId === 32))
    counts[liveStatusAt(l.startTime.getTime(), l.endTime.getTime(), at.getTime())]! += 1;
  return counts;
};

test('the same base time gives the same rows', () => {
  expect(generateSeed('small', TEST_BASE_TIME)).toEqual(generateSeed('small', TEST_BASE_TIME));
});

test('the base time is the seed time rounded down to the minute', () => {
  expect(seedBaseTime(new Date('2025-06-15T02:00:59.999Z')).toISOString()).toBe('2025-06-15T02:00:00.000Z');
});

test('times move with the base, everything else stays', () => {
  const a = generateSeed('small', TEST_BASE_TIME);
  const b = generateSeed('small', new Date(TEST_BASE_TIME.getTime() + 7 * 24 * 60 * MIN));
  expect(b.lives.map((l) => l.title)).toEqual(a.lives.map((l) => l.title));
  expect(b.lives[0]!.startTime.getTime() - a.lives[0]!.startTime.getTime()).toBe(7 * 24 * 60 * MIN);
});

test('small: a few dozen lives, in all three states at the base time, with people and rows', () => {
  const rows = generateSeed('small', TEST_BASE_TIME);
  expect(rows.lives.length).toBeGreaterThanOrEqual(30);
  expect(rows.lives.length).toBeLessThanOrEqual(60);
  expect(statusCounts(rows, TEST_BASE_TIME)).toEqual({ 1: 4, 2: 12, 3: 24 });
  // Live ones end a couple of hours ahead, so a fresh start shows them live for a while.
  const live = rows.lives.filter((l) => l.startTime <= TEST_BASE_TIME && l.endTime > TEST_BASE_TIME);
  for (const l of live) expect(l.endTime.getTime() - TEST_BASE_TIME.getTime()).toBeGreaterThanOrEqual(90 * MIN);
  expect(
    rows.users
      .filter((u) => u.role === 'adviser')
      .map((u) => [u.uuid, u.employeeId, u.isFinancialAdvisor, u.staffRoles]),
  ).toEqual([
    ['u1', 'E0001', true, []],
    ['u2', 'E0002', true, []],
    ['u3', 'E0003', false, ['reviewer']],
    ['u16', 'E0004', false, ['compliance']],
    ['u17', 'E0005', false, ['reviewer']],
    ['u18', 'E0006', false, ['developer']],
  ]);
  // Customers keep u4-u15: the staff without a book come after them.
  expect(rows.users.filter((u) => u.role === 'customer').map((u) => u.uuid)).toEqual(
    Array.from({ length: 12 }, (_, i) => `u${i + 4}`),
  );
  expect(rows.presenters.every((p) => /^[\u4e00-\u9fff]{2,4}$/.test(p.name) && p.bio.length > 0 && p.avatar)).toBe(
    true,
  );
  for (const set of [rows.subscriptions, rows.roomPresence, rows.playbacks, rows.livePresenters])
    expect(set.length).toBeGreaterThan(0);
});

test('the presenter who writes in a room is the 主讲嘉宾 its page names (the first presenter), for every seeded room', () => {
  const rows = generateSeed('small', TEST_BASE_TIME);
  const names = new Map(rows.presenters.map((p) => [p.id, p.name]));
  const rooms = new Map(rows.lives.map((l) => [l.roomId, l.id]));
  const written = rows.liveMessages.filter((m) => m.senderRole === 'presenter');
  expect(written.length).toBeGreaterThan(0);
  for (const m of written) {
    const first = rows.livePresenters.find((lp) => lp.liveId === rooms.get(m.roomId) && lp.position === 0);
    expect([m.roomId, m.senderName]).toEqual([m.roomId, names.get(first!.presenterId)]);
    expect(m.content).toContain(`我是${m.senderName}`);
  }
});

test('large: tens of thousands of lives and rows', () => {
  const rows = generateSeed('large', TEST_BASE_TIME);
  expect(rows.lives.length).toBeGreaterThanOrEqual(20_000);
  expect(rows.subscriptions.length + rows.playbacks.length).toBeGreaterThanOrEqual(100_000);
  expect(statusCounts(rows, TEST_BASE_TIME)[1]).toBeGreaterThan(0);
});

/** Open cards on an adviser's workbench (released by the daily cap), by family. */
const workbench = (rows: ReturnType<typeof generateMarketingSeed>, adviserId: number) =>
  rows.cards.filter(
    (c) => c.adviserId === adviserId && OPEN_CARD_STATES.includes(c.state as CardState) && c.releasedAt,
  );

test('marketing, small: every financial adviser opens a workbench with cards in all four families; staff (reviewers, compliance, developers) own no customer and get no card; app customers are dealt in turn', () => {
  const users = generateSeed('small', TEST_BASE_TIME).users;
  const rows = generateMarketingSeed('small', TEST_BASE_TIME, users);
  const employees = users.filter((u) => u.role === 'adviser');
  for (const staff of employees.filter((u) => !u.isFinancialAdvisor)) {
    expect(rows.customers.filter((c) => c.adviserId === staff.id)).toEqual([]);
    expect(rows.cards.filter((c) => c.adviserId === staff.id)).toEqual([]);
    expect(rows.productCards.filter((c) => c.adviserId === staff.id)).toEqual([]);
    expect(rows.clues.filter((c) => c.adviserId === staff.id)).toEqual([]);
  }
  // The reviewer u3's would-be book went to the advisers: all 720 customers are theirs, half each.
  const owners = new Map<number, number>();
  for (const c of rows.customers) owners.set(c.adviserId, (owners.get(c.adviserId) ?? 0) + 1);
  expect([...owners.entries()].sort()).toEqual([
    [1, 360],
    [2, 360],
  ]);
  for (const adviser of employees.filter((u) => ['u1', 'u2'].includes(u.uuid))) {
    const groups = new Set(workbench(rows, adviser.id!).map((c) => CHANCE_CATEGORY_GROUPS[c.categoryId]));
    expect([...groups].sort()).toEqual(['behaviour_insight', 'intent_matching', 'money_flow', 'product_monitoring']);
  }
  // The workbench e2e signs in as u4 (user 4) and expects its question on u1's (user 1's) workbench.
  expect(rows.customers.find((c) => c.userId === 4)?.adviserId).toBe(1);
});

test('marketing, large: adviser u1 has 10,000 open cards on the workbench', () => {
  const users = generateSeed('small', TEST_BASE_TIME).users;
  expect(workbench(generateMarketingSeed('large', TEST_BASE_TIME, users), 1).length).toBeGreaterThanOrEqual(10_000);
});
