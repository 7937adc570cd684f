/**
 * @jest-environment ./server/test-support/jest-environment.ts
 */
import { and, eq, gte, isNull, sql } from 'drizzle-orm';

import { businessDayStart } from '../../src/api/contract/dates';
import { buildApp } from '../app';
import { mktCards, mktProductCards } from '../db/schema';
import { clockOffsetFrom, createLocalClock, parseClockOffset } from '../local-clock';
import { createMarketingRepository } from '../repositories/marketing';
import { createUsersRepository } from '../repositories/users';
import { settingsFromEnv } from '../start-settings';
import { postRaw, type TestApp, TestClock } from '../test-support/app';
import { openTestDatabase } from '../test-support/database';
import { mm } from '../test-support/market-map';

const DAY = 86_400_000;

describe('the clock option', () => {
  test('takes hours or days ahead, and says how to write it otherwise', () => {
    expect(parseClockOffset('7d')).toBe(7 * DAY);
    expect(parseClockOffset('+36h')).toBe(36 * 3_600_000);
    expect(parseClockOffset('+1d12h')).toBe(1.5 * DAY);
    for (const bad of ['', 'x', '-1d', '0d', '+0h', '93d', '7 days'])
      expect(() => parseClockOffset(bad)).toThrow(/hours or days ahead/);
    expect(clockOffsetFrom({ CLOCK_OFFSET: '7d' }, [])).toBe(7 * DAY);
    expect(clockOffsetFrom({ CLOCK_OFFSET: '1d' }, ['--clock=+2d'])).toBe(2 * DAY);
    expect(clockOffsetFrom({}, [])).toBe(0);
    expect(settingsFromEnv({ CLOCK_OFFSET: '7d' }).clockOffsetMs).toBe(7 * DAY);
  });

  test('is refused with NODE_ENV=production, from the environment, the command line and buildApp', async () => {
    expect(() => clockOffsetFrom({ NODE_ENV: 'production', CLOCK_OFFSET: '7d' }, [])).toThrow(/production/);
    expect(() => clockOffsetFrom({ NODE_ENV: 'production' }, ['--clock=+1d'])).toThrow(/production/);
    expect(() => settingsFromEnv({ NODE_ENV: 'production', CLOCK_OFFSET: '1h' })).toThrow(/production/);
    expect(clockOffsetFrom({ NODE_ENV: 'production' }, [])).toBe(0);
    const database = await openTestDatabase();
    try {
      const clock = createLocalClock(() => new Date());
      await expect(
        buildApp({
          database,
          now: clock.now,
          localClock: clock,
          production: true,
          secrets: { signing: 'a'.repeat(32), marketMap: 'b'.repeat(32) },
        }),
      ).rejects.toThrow(/production refuses the local clock/);
    } finally {
      await database.close();
    }
  });
});

describe('moving the local clock', () => {
  let t: TestApp;
  let sid: string;
  let clock: ReturnType<typeof createLocalClock>;
  beforeEach(async () => {
    const wall = new TestClock();
    clock = createLocalClock(wall.now);
    const database = await openTestDatabase();
    const app = await buildApp({
      database,
      now: clock.now,
      wallNow: wall.now,
      localClock: clock,
      distDir: '/nonexistent',
    });
    // Requests are signed with the wall clock (the browser's), as mm does with t.clock.
    t = { app, database, clock: wall, close: async () => (await app.close(), await database.close()) };
    sid = (await createUsersRepository(database.db).createSession(1, clock.now(), 60 * DAY)).token;
  });
  afterEach(() => t.close());

  const advance = async (by: '1h' | '1d' | '7d') => {
    const res = await t.app.inject({ method: 'POST', url: '/__local/clock/advance', payload: { by } });
    expect(res.statusCode).toBe(200);
    return res.json() as { now: string; steps: number; woken: number; released: number };
  };
  const stateOf = async (id: number) => (await t.database.db.select().from(mktCards).where(eq(mktCards.id, id)))[0]!;
  // Customer and product cards count together against the cap (daily-cap.ts).
  const releasedToday = async () => {
    const since = businessDayStart(clock.now());
    const [cards, products] = await Promise.all(
      [mktCards, mktProductCards].map((table) =>
        t.database.db
          .select({ n: sql<number>`count(*)::int` })
          .from(table)
          .where(and(eq(table.adviserId, 1), gte(table.releasedAt, since))),
      ),
    );
    return cards![0]!.n + products![0]!.n;
  };

  test('the page shows the business time and its buttons; a form post moves it and comes back to the page', async () => {
    const page = await t.app.inject({ method: 'GET', url: '/__local/clock' });
    expect(page.body).toContain('本地时钟');
    for (const label of ['+1小时', '+1天', '+7天']) expect(page.body).toContain(label);
    const before = clock.now().getTime();
    const form = await postRaw(t, '/__local/clock/advance', 'application/x-www-form-urlencoded', 'by=1h');
    expect([form.statusCode, form.headers.location]).toEqual([303, '/__local/clock']);
    expect(clock.now().getTime() - before).toBe(3_600_000);
    const bad = await t.app.inject({ method: 'POST', url: '/__local/clock/advance', payload: { by: '-1d' } });
    expect(bad.statusCode).toBe(400);
    expect(clock.now().getTime() - before).toBe(3_600_000);
  });

  test('a snooze wakes by its date: still snoozed the day before, back on the workbench on the day', async () => {
    // Sunday 2025-06-15 10:00 (UTC+8); snoozed until Tuesday.
    const list = await mm(t, sid, 'GET', '/chance-card/list', { limit: 1 });
    const id = list.body.data.list[0].card_id as number;
    expect((await mm(t, sid, 'POST', '/chance-card/snooze', { card_id: id, until: '2025-06-17' })).status).toBe(200);
    await advance('1d'); // Monday 10:00: the day before
    expect((await stateOf(id)).state).toBe('snoozed');
    await advance('1h');
    expect((await stateOf(id)).state).toBe('snoozed');
    const woke = await advance('1d'); // Tuesday 11:00
    expect(woke.woken).toBeGreaterThanOrEqual(1);
    expect((await stateOf(id)).state).toBe('new');
    // The adviser's session, signed with the browser's clock, still reads the workbench after the move.
    const after = await mm(t, sid, 'GET', '/chance-card/list', { limit: 50 });
    expect(after.status).toBe(200);
    expect(after.body.data.list.map((c: { card_id: number }) => c.card_id)).toContain(id);
  });

  test('the daily cap resets on the next day, not within the day', async () => {
    await createMarketingRepository(t.database.db).settings.set(1, { thresholds: { daily_cap: 2 } }, clock.now());
    const waiting = async () =>
      (
        await t.database.db
          .select({ n: sql<number>`count(*)::int` })
          .from(mktCards)
          .where(and(eq(mktCards.adviserId, 1), eq(mktCards.state, 'new'), isNull(mktCards.releasedAt)))
      )[0]!.n;
    expect(await waiting()).toBeGreaterThanOrEqual(5);
    // Today (Sunday) already let in more than 2: a lower cap leaves no room until tomorrow.
    const today = await releasedToday();
    expect(today).toBeGreaterThan(2);
    await advance('1h');
    expect(await releasedToday()).toBe(today);
    const left = await waiting();
    await advance('1d'); // Monday 11:00: a new day's room, two cards
    expect(await releasedToday()).toBe(2);
    expect(await waiting()).toBeLessThan(left + 10);
    await advance('1h'); // later the same Monday: no more
    expect(await releasedToday()).toBe(2);
  });

  test('a week: the card pass runs each day, each releasing at most the cap', async () => {
    const week = await advance('7d');
    expect(week.steps).toBe(7);
    // Two advisers, each at most the default cap of 10 a day, one pass a day.
    expect(week.released).toBeLessThanOrEqual(7 * 10 * 2);
    expect(week.released).toBeGreaterThan(0);
    expect(await releasedToday()).toBeLessThanOrEqual(10);
  });
});
