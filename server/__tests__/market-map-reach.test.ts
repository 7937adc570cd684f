/**
 * @jest-environment ./server/test-support/jest-environment.ts
 */
import { and, eq } from 'drizzle-orm';

import { mktCards, mktClues, mktCustomers, mktReachContacts } from '../db/schema';
import { CALL_LINK_TTL_S } from '../repositories/marketing-reach';
import { createUsersRepository } from '../repositories/users';
import { createTestApp, type TestApp } from '../test-support/app';
import { mm } from '../test-support/market-map';

let t: TestApp;
let sid1: string;
let sid2: string;
let card = { id: 0, customerId: 0 };
let clue = { id: 0, phone: '' };
let phone: string;

beforeAll(async () => {
  t = await createTestApp();
  const users = createUsersRepository(t.database.db);
  sid1 = (await users.createSession(1, t.clock.now())).token;
  sid2 = (await users.createSession(2, t.clock.now())).token;
  const db = t.database.db;
  const [firstCard] = await db
    .select({ id: mktCards.id, customerId: mktCards.customerId })
    .from(mktCards)
    .where(eq(mktCards.adviserId, 1))
    .limit(1);
  card = firstCard!;
  const [firstClue] = await db
    .select({ id: mktClues.id, phone: mktClues.phone })
    .from(mktClues)
    .where(eq(mktClues.adviserId, 1))
    .limit(1);
  clue = firstClue!;
  const [c] = await db
    .select({ phone: mktCustomers.phone })
    .from(mktCustomers)
    .where(eq(mktCustomers.id, card!.customerId));
  phone = c!.phone;
}, 120_000);
afterAll(() => t.close());

/** The path of a one-time link, for app.inject. */
const pathOf = (link: string) => new URL(link).pathname;

describe('calling through the firm', () => {
  it('gives a one-time bridge link for a card, masked, and the full number in no response', async () => {
    const res = await mm(t, sid1, 'POST', '/chance/reach/call', { card_id: card.id });
    expect(res.status).toBe(200);
    expect(res.raw.body).not.toContain(phone);
    expect(res.body.data.phone_masked).toMatch(/^\d{3}\*{4}\d{4}$/);
    const bridge = pathOf(res.body.data.link);
    const first = await t.app.inject({ method: 'GET', url: bridge });
    expect(first.statusCode).toBe(200);
    expect(first.body).not.toContain(phone);
    // Spent: the same link never dials twice.
    expect((await t.app.inject({ method: 'GET', url: bridge })).statusCode).toBe(404);
    const [row] = await t.database.db
      .select()
      .from(mktReachContacts)
      .where(eq(mktReachContacts.id, res.body.data.call_id));
    expect(row).toMatchObject({ adviserId: 1, kind: 'call', cardId: card.id, customerId: card.customerId });
    expect(row!.bridgedAt).not.toBeNull();
  });

  it('refuses a link used after its time (300 s), and takes one used just before', async () => {
    expect(CALL_LINK_TTL_S).toBe(300);
    const late = await mm(t, sid1, 'POST', '/chance/reach/call', { card_id: card.id });
    const inTime = await mm(t, sid1, 'POST', '/chance/reach/call', { card_id: card.id });
    t.clock.advance(299_000);
    expect((await t.app.inject({ method: 'GET', url: pathOf(inTime.body.data.link) })).statusCode).toBe(200);
    t.clock.advance(2_000);
    expect((await t.app.inject({ method: 'GET', url: pathOf(late.body.data.link) })).statusCode).toBe(404);
  });

  it("calls a visitor's clue the same way and records the outcome on the clue", async () => {
    const res = await mm(t, sid1, 'POST', '/chance/reach/call', { clue_id: clue.id });
    expect(res.status).toBe(200);
    expect(res.raw.body).not.toContain(clue.phone);
    const out = await mm(t, sid1, 'POST', '/chance/reach/outcome', {
      call_id: res.body.data.call_id,
      outcome: 'callback',
      note: '周五下午再联系',
    });
    expect(out.body.data).toMatchObject({ outcome: 'callback', clue_id: clue.id, note: '周五下午再联系' });
    const recent = await mm(t, sid1, 'GET', '/chance/reach/recent', { clue_id: clue.id });
    expect(recent.body.data.list[0]).toMatchObject({ kind: 'call', outcome: 'callback' });
  });

  it("keeps another adviser's card, clue and calls out of reach", async () => {
    expect((await mm(t, sid2, 'POST', '/chance/reach/call', { card_id: card.id })).status).toBe(404);
    expect((await mm(t, sid2, 'POST', '/chance/reach/call', { clue_id: clue.id })).status).toBe(404);
    const mine = await mm(t, sid1, 'POST', '/chance/reach/call', { card_id: card.id });
    const theirs = await mm(t, sid2, 'POST', '/chance/reach/outcome', {
      call_id: mine.body.data.call_id,
      outcome: 'connected',
    });
    expect(theirs.status).toBe(404);
    expect((await mm(t, sid1, 'POST', '/chance/reach/call', {})).status).toBe(400);
  });
});

describe('messaging in WeCom', () => {
  it('names the external contact for a card and records the start', async () => {
    const res = await mm(t, sid1, 'POST', '/chance/reach/message', { card_id: card.id });
    expect(res.body.data).toMatchObject({ customer_id: card.customerId });
    expect(res.body.data.external_user_id).toMatch(/^wm/);
    const rows = await t.database.db
      .select()
      .from(mktReachContacts)
      .where(and(eq(mktReachContacts.kind, 'message'), eq(mktReachContacts.cardId, card.id)));
    expect(rows).toHaveLength(1);
  });
});
