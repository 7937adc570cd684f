/**
 * @jest-environment ./server/test-support/jest-environment.ts
 */
import { and, asc, desc, eq, isNotNull } from 'drizzle-orm';

import type { Database } from '../db/client';
import { complianceEvents, leaveMessages, lives, mktBehaviours, mktCustomers, mktSignals, users } from '../db/schema';
import { createLiveScan } from '../marketing/live-scan';
import { csvLine, maskedDetail } from '../plugins/services/compliance';
import { createRepositories } from '../repositories';
import { reason } from '../repositories/marketing-map';
import { behaviours } from '../repositories/marketing-people';
import { openTestDatabase } from '../test-support/database';

/**
 * A customer's free text on every staff surface goes through the one policy masking (maskPersonalNumbers,
 * docs/compliance.md): the leave-messages an adviser reads, the chance card's reason a live question becomes, the
 * customer's timeline and the compliance officer's trail details. Rows are written straight into the tables, as
 * text stored before a rule existed would be, so each surface is shown to mask on its own.
 */
jest.setTimeout(120_000);

const PHONE = '13800138000';
/** A valid 18-digit resident ID (its check digit is right). */
const ID = '11010519491231002X';
/**
 * An old 15-digit ID shape: no checksum to pass. Masked only once the policy masks ID shapes whatever their
 * checksum (the content-policy change in numbers.ts); until then this row fails.
 */
const OLD_ID = '110101900307123';

let database: Database;
let customer: { id: number; userId: number; employeeId: string };
let liveId: number;
let clock = new Date('2026-11-28T02:00:00.000Z');
const later = () => (clock = new Date(clock.getTime() + 60_000));

beforeAll(async () => {
  database = await openTestDatabase();
  const [row] = await database.db
    .select({ id: mktCustomers.id, userId: users.id, uuid: users.uuid })
    .from(mktCustomers)
    .innerJoin(users, eq(users.id, mktCustomers.userId))
    .where(and(isNotNull(mktCustomers.userId), eq(users.role, 'customer')))
    .orderBy(asc(mktCustomers.id))
    .limit(1);
  customer = { id: row!.id, userId: row!.userId, employeeId: row!.uuid };
  const [live] = await database.db.select({ id: lives.id }).from(lives).orderBy(asc(lives.id)).limit(1);
  liveId = live!.id;
});
afterAll(() => database?.close());

const numbersIn = (text: string, numbers: readonly string[]) => numbers.filter((n) => text.includes(n));
/** The customer's leave-message in the live, stored as typed. */
const leaveMessage = (content: string) =>
  database.db.insert(leaveMessages).values({
    liveId,
    employeeId: customer.employeeId,
    realName: '测试客户',
    content,
    createdAt: later(),
  });

describe.each([
  ['a phone and a valid 18-digit ID', `我的手机${PHONE}，身份证${ID}，请回电`, [PHONE, ID]],
  [
    'an old 15-digit ID shape (masked after the content-policy merge)',
    `身份证${OLD_ID}，手机${PHONE}`,
    [OLD_ID, PHONE],
  ],
])('%s typed by a customer', (_name, typed, numbers) => {
  test('the live leave-messages show it masked', async () => {
    await leaveMessage(typed);
    const { list } = await createRepositories(database.db).liveRoom.leaveMessages(liveId);
    expect(list[0]!.content).toContain('【已隐去');
    expect(numbersIn(list[0]!.content, numbers)).toEqual([]);
  });

  test("the adviser's card reason and the customer's timeline show it masked", async () => {
    await leaveMessage(typed);
    await createLiveScan(database.db).scan(later());
    const [question] = await database.db
      .select()
      .from(mktBehaviours)
      .where(and(eq(mktBehaviours.customerId, customer.id), eq(mktBehaviours.kind, 'live_question')))
      .orderBy(desc(mktBehaviours.id))
      .limit(1);
    expect(numbersIn(`${question!.title} ${question!.text}`, numbers)).toEqual([]);
    const signals = await database.db.select().from(mktSignals).where(eq(mktSignals.customerId, customer.id));
    for (const s of signals) expect(numbersIn(s.title, numbers)).toEqual([]);

    // Text stored unmasked (before the rule) is masked when read: the card's reason and the timeline.
    const [raw] = await database.db
      .insert(mktBehaviours)
      .values({
        customerId: customer.id,
        kind: 'live_question',
        title: `直播中提问：${typed}`,
        text: typed,
        occurredAt: later(),
      })
      .returning();
    const shown = reason({ id: 1, categoryId: 1, title: raw!.title, occurredAt: raw!.occurredAt, amount: null }, null);
    expect(numbersIn(shown.title, numbers)).toEqual([]);
    const timeline = await behaviours(database.db, customer.id, { customer_id: customer.id, limit: 50 });
    const item = timeline.list.find((b) => b.behaviour_id === raw!.id)!;
    expect(numbersIn(`${item.title} ${item.text}`, numbers)).toEqual([]);
  });

  test("the compliance officer's details and export show it masked", async () => {
    await createRepositories(database.db).compliance.record({
      kind: 'policy_hit',
      actorId: null,
      subject: 'leave_message:-',
      decision: 'masked',
      reason: typed,
      detail: { quoted: typed, nested: [{ text: typed }] },
      at: later(),
    });
    const [e] = await database.db.select().from(complianceEvents).orderBy(desc(complianceEvents.id)).limit(1);
    expect(numbersIn(JSON.stringify(maskedDetail(e!.detail)), numbers)).toEqual([]);
    const line = csvLine({ e: e!, actorName: null, adviserName: null, customerName: null, productName: null });
    expect(numbersIn(line, numbers)).toEqual([]);
  });
});
