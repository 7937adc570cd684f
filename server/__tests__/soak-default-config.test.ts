/**
 * @jest-environment ./server/test-support/jest-environment.ts
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { and, desc, eq, like, sql } from 'drizzle-orm';

import { CUSTOMER_DETAIL_FETCHERS } from '../../src/features/marketing/details/store/fetchers/customer-fetchers';
import { openDatabase } from '../db/client';
import { mktCustomers, mktHoldings, mktJobState, mktProductCards, mktProductNavs } from '../db/schema';
import { loggerOptions } from '../http/logger';
import { SIMULATOR_STATE } from '../marketing/simulator';
import { type RunningServer, startServer } from '../start';
import { settingsFromEnv } from '../start-settings';
import { TestClock } from '../test-support/app';
import { templateDataDir, TEST_BASE_TIME } from '../test-support/database';
import { appClients, type ReadOutcome, readWholeWorkbench, signInAdviser } from '../test-support/workbench-reads';

/**
 * The default configuration under a working week: `npm start`'s own settings (market simulator on), the simulator
 * stepping on its timer through several simulated days, then every read of the workbench, as the app signs and checks
 * it, for every customer of two advisers. Other suites switch the simulator off for determinism; this one may not.
 */
// About 2.5 min alone on two cores, over 5 min beside another suite worker: the limit catches a hang, not slowness.
jest.setTimeout(900_000);

const MARKET_MAP = '/market_map_url';
/** Routes under the marketing map that are not the workbench's reads: its writes, sign-in, and the customers' share pages. */
const NOT_READS = new Set([
  'POST /auth/work-wechat-login',
  'POST /chance-card/check',
  'POST /chance-card/snooze',
  'POST /clue-handle/submit',
  'POST /clue-handle/set-handling',
  'POST /rule-settings/set',
  'POST /feedback/cancel',
  'POST /chance/file/forward',
  'POST /chance/file/share-record',
  'POST /resource/wx-article-transform',
  'POST /resource/material-resubmit',
  'POST /chance-card/pull',
  'POST /share/product',
  'POST /share/product/record',
  'GET /share/material',
  'GET /share/pdf',
  'GET /share/product-page',
  'POST /share/read',
  // Reaching a customer: calls, messages and their outcomes are writes; the bridge is the phone's one-time link.
  'POST /chance/reach/call',
  'POST /chance/reach/message',
  'POST /chance/reach/message-result',
  'POST /chance/reach/outcome',
  'GET /chance/reach/bridge/:token',
]);

/**
 * Steps of the simulated week (Beijing time) after the one the timer takes at start (the template's seed instant,
 * Sunday 2025-06-15 10:00): five trading days, two of them stepped twice, and a Saturday.
 */
const STEPS = [
  '2025-06-16T10:00:00+08:00',
  '2025-06-17T09:45:00+08:00',
  '2025-06-17T14:30:00+08:00',
  '2025-06-18T10:00:00+08:00',
  '2025-06-19T10:00:00+08:00',
  '2025-06-20T10:00:00+08:00',
  '2025-06-20T15:10:00+08:00',
  '2025-06-21T10:00:00+08:00',
];

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'soak-default-'));
const clock = new TestClock(TEST_BASE_TIME);
const logged: string[] = [];
let server: RunningServer;

beforeAll(async () => {
  // The seeded template as a data folder: `npm start` finds it seeded, as on any start after its first.
  const seeded = await openDatabase({ pgliteDir: path.join(dataDir, 'pglite'), loadDataDir: await templateDataDir() });
  await seeded.close();
  // npm start's settings from an environment that names only the port, the folder, no client build and a short
  // simulator period (the test's clock moves by hours; the timer must notice within the test).
  const settings = settingsFromEnv({
    PORT: '0',
    DATA_DIR: dataDir,
    SKIP_BUILD: '1',
    MARKET_SIMULATOR_INTERVAL_MS: '200',
  });
  expect([settings.marketSimulator, settings.databaseUrl, settings.logger]).toMatchObject([
    true,
    undefined,
    { level: 'warn' },
  ]);
  // npm start's own (redacting) logger at its level, written where the test can read it.
  const logger = { ...loggerOptions('warn'), stream: { write: (line: string) => void logged.push(line) } };
  server = await startServer({ ...settings, logger, now: clock.now, log: () => {} });
}, 120_000);

afterAll(async () => {
  await server?.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

async function stepsTaken(): Promise<number> {
  const [row] = await server.database.db.select().from(mktJobState).where(eq(mktJobState.name, SIMULATOR_STATE));
  return Number(row?.value ?? 0);
}

/** Waits for the server's simulator timer to have finished `count` steps. */
async function stepped(count: number, at: string): Promise<void> {
  const deadline = Date.now() + 60_000;
  while ((await stepsTaken()) < count) {
    if (Date.now() > deadline) throw new Error(`the simulator took no step at ${at}:\n${logged.join('')}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

/** The server's own routes under the marketing map, "METHOD /path", from its route table. */
function registeredRoutes(): string[] {
  const out = new Set<string>();
  for (const route of server.app.routeTable) {
    if (!route.url.startsWith(`${MARKET_MAP}/`)) continue;
    for (const method of [route.method].flat())
      if (method === 'GET' || method === 'POST') out.add(`${method} ${route.url.slice(MARKET_MAP.length)}`);
  }
  return [...out].sort();
}

test('npm start with its defaults survives a simulated week: every workbench read of two advisers answers, none 5xx', async () => {
  const started = Date.now();
  const cpu = process.cpuUsage();
  await stepped(1, TEST_BASE_TIME.toISOString());
  for (const [k, at] of STEPS.entries()) {
    clock.set(new Date(at));
    await stepped(k + 2, at);
  }
  const stepping = Date.now() - started;
  const db = server.database.db;

  const outcomes: ReadOutcome[] = [];
  const { clients, credentials, statuses } = appClients(server.url, () => clock.now().getTime());
  const read: Record<string, { customers: number[]; cards: number }> = {};
  for (const [user, adviserId] of [
    ['u1', 1],
    ['u2', 2],
  ] as const) {
    credentials.accountId = await signInAdviser(server.url, clients, user);
    const productCards = (
      await db
        .select({ id: mktProductCards.id })
        .from(mktProductCards)
        .where(eq(mktProductCards.adviserId, adviserId))
        .orderBy(desc(mktProductCards.id))
        .limit(5)
    ).map((p) => p.id);
    expect([user, productCards.length > 0]).toEqual([user, true]);
    read[user] = await readWholeWorkbench(clients, (o) => outcomes.push(o), { pool: 4, productCards });
    const book = await db
      .select({ id: mktCustomers.id })
      .from(mktCustomers)
      .where(eq(mktCustomers.adviserId, adviserId));
    expect([user, read[user]!.customers.length]).toEqual([user, book.length]);
    expect(book.length).toBeGreaterThanOrEqual(240);
  }
  const reading = Date.now() - started - stepping;

  // Zero 5xx over everything the app sent, and every read gave the app data of the contract's shape.
  expect(statuses.length).toBeGreaterThan(4000);
  expect(statuses.filter((s) => s.status >= 500)).toEqual([]);
  const failed = outcomes.filter((o) => o.failure !== null);
  expect(failed.slice(0, 20)).toEqual([]);
  // The customer card, each of its reads for all 480 customers.
  for (const route of [
    'GET /card-detail/aum',
    'GET /card-detail/get-multi-product',
    'GET /card-detail/get-product',
    'GET /card-detail/user-fund-trend',
  ]) {
    expect([route, outcomes.filter((o) => o.route === route && o.status === 200).length >= 480]).toEqual([route, true]);
  }
  // Every read route of the marketing map was called: a new one joins this soak or NOT_READS.
  const called = new Set(outcomes.map((o) => o.route));
  expect(registeredRoutes().filter((r) => !NOT_READS.has(r) && !called.has(r))).toEqual([]);
  // The market moved on real days: one NAV row per product per trading day, none on the weekend.
  expect(await db.select().from(mktProductNavs).where(like(mktProductNavs.day, '%#%'))).toEqual([]);
  const days = await db
    .select({ day: mktProductNavs.day, n: sql<number>`count(*)::int` })
    .from(mktProductNavs)
    .where(sql`${mktProductNavs.day} >= '2025-06-14'`)
    .groupBy(mktProductNavs.day)
    .orderBy(mktProductNavs.day);
  expect(days.map((d) => d.day)).toEqual(['2025-06-16', '2025-06-17', '2025-06-18', '2025-06-19', '2025-06-20']);
  // Holdings are valued at the latest simulated close (Friday's, read on Saturday): shares × that NAV.
  const [holding] = await db
    .select({
      customerId: mktHoldings.customerId,
      productId: mktHoldings.productId,
      shares: mktHoldings.shares,
      nav: mktProductNavs.nav,
    })
    .from(mktHoldings)
    .innerJoin(mktCustomers, eq(mktCustomers.id, mktHoldings.customerId))
    .innerJoin(
      mktProductNavs,
      and(eq(mktProductNavs.productId, mktHoldings.productId), eq(mktProductNavs.day, '2025-06-20')),
    )
    .where(eq(mktCustomers.adviserId, 2))
    .limit(1);
  const held = await CUSTOMER_DETAIL_FETCHERS.customerHoldings(clients, { customer_id: holding!.customerId });
  const item = held!.list.find((h) => h.product.product_id === holding!.productId)!;
  expect([item.nav_day, item.nav, item.market_value]).toEqual([
    '2025-06-20',
    holding!.nav,
    Math.round(holding!.shares * holding!.nav * 100) / 100,
  ]);
  // And the server logged no error while it stepped and served (a failed simulator step is only logged).
  expect(logged.filter((l) => (JSON.parse(l) as { level: number }).level >= 50)).toEqual([]);
  const used = process.cpuUsage(cpu);
  console.info(
    `soak: ${STEPS.length + 1} simulator steps in ${stepping} ms, then ${statuses.length} requests (cards u1 ${read.u1!.cards}, u2 ${read.u2!.cards}) in ${reading} ms; ` +
      `CPU ${Math.round((used.user + used.system) / 1000)} ms, load average ${os.loadavg()[0]!.toFixed(1)}`,
  );
});
