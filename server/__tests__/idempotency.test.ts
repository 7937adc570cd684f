/**
 * @jest-environment ./server/test-support/jest-environment.ts
 */
import { and, count, eq, gt, inArray, notInArray } from 'drizzle-orm';

import { InvitationErrorCode as E } from '../../src/api/contract/invitation-constants';
import { lives, mgmMembers, mktCards, mktClueHandles, subscriptions, users } from '../db/schema';
import { createTestApp, type TestApp } from '../test-support/app';
import { freshAddress, mgmClient } from '../test-support/invitation';
import { mm } from '../test-support/market-map';
import { sessionTokenFor } from '../test-support/session';
import { signRequest } from '../test-support/sign';

/**
 * The client's pending writes survive a dropped connection without duplicates.
 * A dropped connection means the server did the write but the answer never arrived, so the
 * client sends the same write again. Subscribe names the state it wants, clue handling carries an
 * idempotency key, and registration a requestId: the resend answers like the first and writes nothing twice.
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

test('subscribe sent again: one subscription, the same count', async () => {
  const token = await sessionTokenFor(t.database, 'u5', t.clock.now());
  const u5 = (await t.database.db.select().from(users).where(eq(users.uuid, 'u5')))[0]!;
  // An upcoming live u5 has not subscribed to.
  const theirs = t.database.db
    .select({ id: subscriptions.liveId })
    .from(subscriptions)
    .where(eq(subscriptions.employeeId, u5.employeeId));
  const [live] = await t.database.db
    .select({ id: lives.id })
    .from(lives)
    .where(and(gt(lives.startTime, t.clock.now()), notInArray(lives.id, theirs)))
    .orderBy(lives.id)
    .limit(1);
  const send = () =>
    t.app.inject(
      signRequest(
        {
          method: 'POST',
          url: '/live-api/cs-live-app/api/live/subscribe',
          body: { num_index: live!.id, is_subscribe: 1, real_name: u5.realName, employee_id: u5.employeeId },
          headers: { authorization: `Bearer ${token}` },
        },
        { scheme: 'basic', now: t.clock.now() },
      ),
    );
  const first = await send();
  const again = await send();
  expect(first.statusCode).toBe(200);
  expect(again.json().data).toEqual(first.json().data);
  const [row] = await t.database.db
    .select({ n: count() })
    .from(subscriptions)
    .where(and(eq(subscriptions.liveId, live!.id), eq(subscriptions.employeeId, u5.employeeId)));
  expect(Number(row!.n)).toBe(1);
});

test('a clue handling submit sent again: one handling, the first answer', async () => {
  const sid = await sessionTokenFor(t.database, 'u1', t.clock.now());
  const u1 = (await t.database.db.select().from(users).where(eq(users.uuid, 'u1')))[0]!;
  const [card] = await t.database.db
    .select({ id: mktCards.id })
    .from(mktCards)
    .where(and(eq(mktCards.adviserId, u1.id), inArray(mktCards.state, ['new', 'viewed', 'handling'])))
    .limit(1);
  const submit = {
    idempotency_key: 'dropped-connection-0001',
    card_id: card!.id,
    outcome: 'follow_up',
    note: '客户说下周再聊',
  };
  const first = await mm(t, sid, 'POST', '/clue-handle/submit', submit);
  const again = await mm(t, sid, 'POST', '/clue-handle/submit', submit);
  expect(first.status).toBe(200);
  expect(again.body.data).toEqual({ ...first.body.data, duplicate: true });
  const [row] = await t.database.db
    .select({ n: count() })
    .from(mktClueHandles)
    .where(eq(mktClueHandles.idempotencyKey, submit.idempotency_key));
  expect(Number(row!.n)).toBe(1);
});

describe('registration sent again', () => {
  const c = () => mgmClient(t.app, t.database, t.clock.now);
  const attempt = async (phone: string) => {
    const client = c();
    const ip = freshAddress();
    expect((await client.call('/invite/sendCode', { region: '86', phone }, { ip })).code).toBe(0);
    const body = {
      region: '86',
      phone,
      code: (await client.smsCode(phone))!,
      password: await client.encrypt('abc123'),
      deviceId: `dev-${phone}`,
      agree: true,
    };
    return { client, ip, body };
  };

  test('with its requestId: the same member back with a working mgmtoken, one member row', async () => {
    const phone = '13700000101';
    const { client, ip, body } = await attempt(phone);
    const withId = { ...body, requestId: 'req-dropped-000000000001' };
    const first = await client.call<{ mgmtoken: string; member: { memberId: number } }>('/invite/register', withId, {
      ip,
    });
    expect(first.code).toBe(0);
    t.clock.advance(30_000);
    const again = await client.call<{ mgmtoken: string; member: { memberId: number } }>('/invite/register', withId, {
      ip,
    });
    expect([again.code, again.data?.member.memberId]).toEqual([0, first.data!.member.memberId]);
    expect(again.data!.mgmtoken).not.toBe(first.data!.mgmtoken);
    const me = await client.call<{ memberId: number }>('/invite/userBaseInfo', {}, { mgmtoken: again.data!.mgmtoken });
    expect(me.code).toBe(0);
    const [row] = await t.database.db
      .select({ n: count() })
      .from(mgmMembers)
      .where(eq(mgmMembers.phone, `86-${phone}`));
    expect(Number(row!.n)).toBe(1);
  });

  test('the requestId alone is not a key: another device, another phone, or too late is refused', async () => {
    const phone = '13700000102';
    const { client, ip, body } = await attempt(phone);
    const withId = { ...body, requestId: 'req-dropped-000000000002' };
    expect((await client.call('/invite/register', withId, { ip })).code).toBe(0);
    expect((await client.call('/invite/register', { ...withId, deviceId: 'dev-someone-else' }, { ip })).code).toBe(
      E.smsCodeExpired,
    );
    expect((await client.call('/invite/register', { ...withId, phone: '13700000199' }, { ip })).code).toBe(
      E.smsCodeExpired,
    );
    t.clock.advance(11 * 60_000);
    expect((await client.call('/invite/register', withId, { ip })).code).toBe(E.smsCodeExpired);
  });

  test('without a requestId the resend is the old failure (the code was spent), still without a second member', async () => {
    const phone = '13700000103';
    const { client, ip, body } = await attempt(phone);
    expect((await client.call('/invite/register', body, { ip })).code).toBe(0);
    expect((await client.call('/invite/register', body, { ip })).code).toBe(E.smsCodeExpired);
  });
});
