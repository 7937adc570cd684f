/**
 * @jest-environment ./server/test-support/jest-environment.ts
 */
import { and, eq } from 'drizzle-orm';

import { mktBehaviours, mktCustomers } from '../db/schema';
import { createUsersRepository } from '../repositories/users';
import { createTestApp, type TestApp } from '../test-support/app';
import { mm } from '../test-support/market-map';
import { describeOnPostgres, openFreshPostgres } from '../test-support/postgres';

// The materials' PostgreSQL-specific parts: PDF bytes (bytea through node-postgres), the locked forward and the read fold.
describeOnPostgres('materials', () => {
  let t: TestApp;
  let sid: string;
  beforeAll(async () => {
    t = await createTestApp({ open: () => openFreshPostgres() });
    sid = (await createUsersRepository(t.database.db).createSession(1, t.clock.now())).token;
    await t.database.db
      .update(mktCustomers)
      .set({ riskLevel: 'C5', riskExpiresAt: new Date(t.clock.now().getTime() + 9e9), qualified: true })
      .where(eq(mktCustomers.id, 30));
  }, 180_000);
  afterAll(() => t?.close());

  it('serves the seeded PDF bytes whole and by range', async () => {
    const d = (await mm(t, sid, 'GET', '/chance/file/detail', { fileId: 9 })).body.data;
    const whole = await t.app.inject({ method: 'GET', url: d.pdf_url });
    expect(whole.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    const part = await t.app.inject({ method: 'GET', url: d.pdf_url, headers: { range: 'bytes=0-9' } });
    expect([part.statusCode, part.rawPayload.length]).toEqual([206, 10]);
  });

  it('forwards, then folds beacons into one open and one behaviour past 30 s', async () => {
    const r = await mm(t, sid, 'POST', '/chance/file/forward', {
      fileId: 4,
      customer_ids: [30],
      channel: 'wecom_chat',
      idempotency_key: 'pg-key-000001',
    });
    const token = r.body.data.sent[0].token as string;
    await t.app.inject({ method: 'GET', url: `/market_map_url/share/material?token=${token}&open_key=pg-open-0001` });
    t.clock.advance(35_000);
    const beacon = (seconds: number) =>
      t.app.inject({
        method: 'POST',
        url: '/market_map_url/share/read',
        payload: { token, open_key: 'pg-open-0001', in_wechat: true, beacons: [{ seconds, depth: 0.7 }] },
      });
    expect((await beacon(33)).json().data.seconds).toBe(33);
    await beacon(34);
    const rows = await t.database.db
      .select()
      .from(mktBehaviours)
      .where(
        and(eq(mktBehaviours.customerId, 30), eq(mktBehaviours.kind, 'material_open'), eq(mktBehaviours.sourceId, '4')),
      );
    expect(rows.map((b) => b.seconds)).toEqual([34]);
  });
});
