/**
 * @jest-environment ./server/test-support/jest-environment.ts
 */
import { eq } from 'drizzle-orm';

import { ownTrackingEvents } from '../db/schema';
import { summarizeEnvelope } from '../plugins/tracking-local-page';
import { createTestApp, postRaw, type TestApp } from '../test-support/app';
import { ownTrackingFields } from '../test-support/own-tracking';
import { sessionTokenFor } from '../test-support/session';
import { signedHeaders } from '../test-support/sign';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const common = (over: Record<string, unknown> = {}) =>
  ownTrackingFields('u1', Math.floor(t.clock.now().getTime() / 1000), over);
const post = (url: string, body: unknown, appid = 'live', token?: string) =>
  t.app.inject({
    method: 'POST',
    url,
    headers: {
      ...signedHeaders({ scheme: 'basic', now: t.clock.now() }),
      appid,
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    payload: body as object,
  });

describe('own tracking endpoints', () => {
  test("customer event.php and advisor fast.php store rows with every field, under the token's user", async () => {
    const a = await post(
      '/smart-live/smart-service/event.php',
      { ...common(), event_name: 'live_click', event_data: { num_index: 3 } },
      'live',
      await sessionTokenFor(t.database, 'u1', t.clock.now()),
    );
    expect(a.json()).toMatchObject({ error: { code: 0 }, data: { id: expect.any(Number) } });
    const b = await post(
      '/smart-live/smart-service/advisor/fast.php',
      { ...common({ channel_source: 43, is_analyst: 1, userid: 'E0001' }), method: 'share', params: { x: 1 } },
      'live',
      await sessionTokenFor(t.database, 'u1', t.clock.now()),
    );
    expect(b.statusCode).toBe(200);
    const rows = await t.database.db.select().from(ownTrackingEvents);
    expect(rows.map((r) => [r.variant, r.kind, r.name, r.userid])).toEqual([
      ['customer', 'event', 'live_click', 'u1'],
      ['advisor', 'fast', 'share', 'E0001'],
    ]);
    expect(rows[0]?.payload).toMatchObject({ product_source: 1, event_data: { num_index: 3 } });
  });

  test("a guest's events are anonymous, whatever user the body names; a signed-in caller cannot name another", async () => {
    const guest = await post('/smart-live/smart-service/event.php', {
      ...common({ userid: 'u4', uuid: 'u4' }),
      event_name: 'guest_click',
      event_data: {},
    });
    expect(guest.statusCode).toBe(200);
    const [row] = await t.database.db.select().from(ownTrackingEvents).where(eq(ownTrackingEvents.name, 'guest_click'));
    expect([
      row?.userid,
      (row?.payload as { userid: string; uuid: string }).userid,
      (row?.payload as { uuid: string }).uuid,
    ]).toEqual(['', '', '']);
    const posing = await post(
      '/smart-live/smart-service/event.php',
      { ...common({ userid: 'u4', uuid: 'u4' }), event_name: 'posing', event_data: {} },
      'live',
      await sessionTokenFor(t.database, 'u5', t.clock.now()),
    );
    expect(posing.statusCode).toBe(403);
  });

  test('wrong identity values, a missing appid, or no event data are refused with a clear message', async () => {
    const wrongChannel = await post('/smart-live/smart-service/advisor/event.php', {
      ...common(),
      event_name: 'x',
      event_data: {},
    });
    expect([wrongChannel.statusCode, wrongChannel.json().error.message]).toEqual([
      400,
      '理财师埋点的 channel_source 必须为 43',
    ]);
    const appVersion = await post('/smart-live/smart-service/event.php', {
      ...common({ project_utype: 1 }),
      event_name: 'x',
      event_data: {},
    });
    expect(appVersion.json().error.message).toMatch(/version 必须为 4\.7\.4/);
    const noAppId = await post(
      '/smart-live/smart-service/event.php',
      { ...common(), event_name: 'x', event_data: {} },
      'other',
    );
    expect(noAppId.json().error.message).toMatch(/appid/);
    const noData = await post('/smart-live/smart-service/event.php', { ...common(), event_name: 'x' });
    expect(noData.statusCode).toBe(400);
    const unsigned = await t.app.inject({
      method: 'POST',
      url: '/smart-live/smart-service/event.php',
      headers: { appid: 'live' },
      payload: { ...common(), event_name: 'x', event_data: {} },
    });
    expect(unsigned.statusCode).toBeGreaterThanOrEqual(400);
  });
});

describe('the workbench’s call outcomes and failed sends', () => {
  const advisor = (name: string, data: unknown) =>
    post('/smart-live/smart-service/advisor/event.php', {
      ...common({ channel_source: 43, is_analyst: 1, userid: '', uuid: '' }),
      event_name: name,
      event_data: data,
    });

  test('are stored when their data is as defined', async () => {
    const call = await advisor('workbench_call_outcome', { target: 'card:12', outcome: 'no_answer' });
    expect(call.statusCode).toBe(200);
    const failed = await advisor('workbench_message_failed', {
      target: 'customer:40',
      kind: 'material',
      reason_code: 'SEND_CANCELLED',
    });
    expect(failed.statusCode).toBe(200);
    const notPlaced = await advisor('workbench_call_outcome', {
      target: 'clue:3',
      outcome: 'not_placed',
      reason_code: 'REQUEST_NETWORK',
    });
    expect(notPlaced.statusCode).toBe(200);
    const rows = await t.database.db.select().from(ownTrackingEvents).where(eq(ownTrackingEvents.variant, 'advisor'));
    expect(rows.map((r) => (r.payload as { event_data: unknown }).event_data)).toEqual(
      expect.arrayContaining([
        { target: 'card:12', outcome: 'no_answer' },
        { target: 'customer:40', kind: 'material', reason_code: 'SEND_CANCELLED' },
      ]),
    );
  });

  test('are refused, saying what is wrong, when an outcome, a reason or a target is not as defined', async () => {
    for (const [name, data] of [
      ['workbench_call_outcome', { target: 'card:12', outcome: '接通' }],
      ['workbench_call_outcome', { target: 'card:12', outcome: 'connected', phone: '13900000001' }],
      ['workbench_message_failed', { target: 'card:12', kind: 'material' }],
      ['workbench_message_failed', { target: 'card:12', kind: 'material', reason_code: '企业微信未确认' }],
      ['workbench_message_failed', { target: '张三', kind: 'text', reason_code: 'SDK_FAILED' }],
    ] as const) {
      const res = await advisor(name, data);
      expect([name, res.statusCode]).toEqual([name, 400]);
      expect(res.json().error.message).toMatch(new RegExp(`^${name} 的 event_data 不符合约定`));
    }
  });
});

describe('local events page', () => {
  test('lists analytics, own tracking and errors, newest first', async () => {
    await postRaw(
      t,
      '/error-report/api/1/envelope/',
      'application/x-sentry-envelope',
      [
        '{"event_id":"e1"}',
        '{"type":"event"}',
        JSON.stringify({
          event_id: 'e1',
          exception: { values: [{ type: 'Error', value: 'boom' }] },
          tags: { source: 'react' },
        }),
      ].join('\n'),
    );
    t.clock.advance(1000);
    await post('/smart-live/smart-service/event.php', { ...common(), event_name: 'newest', event_data: {} });
    const json = (await t.app.inject({ url: '/__local/events.json' })).json();
    expect(json.own[0].name).toBe('newest');
    expect(json.errors[0].summary).toEqual({
      eventId: 'e1',
      message: 'Error: boom',
      tags: { source: 'react' },
      environment: null,
    });
    const html = await t.app.inject({ url: '/__local/events' });
    expect(html.headers['content-type']).toMatch(/text\/html/);
    expect(html.body).toContain('自有埋点');
    expect(html.body.indexOf('newest')).toBeLessThan(html.body.indexOf('live_click'));
  });

  test('an envelope without an event item says so', () => {
    expect(summarizeEnvelope('{"event_id":"x"}\n{"type":"transaction"}\n{}').message).toBe('(no event item)');
  });
});
