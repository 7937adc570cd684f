/**
 * @jest-environment ./server/test-support/jest-environment.ts
 */
import { desc } from 'drizzle-orm';

import { complianceEvents } from '../db/schema';
import { csvField } from '../plugins/services/compliance';
import { createRepositories } from '../repositories';
import { chainHash } from '../security/audit-chain';
import { createTestApp, type TestApp } from '../test-support/app';
import { sessionTokenFor } from '../test-support/session';
import { signRequest } from '../test-support/sign';

/* The compliance officer reads the trail: filters, pages, and a CSV Excel opens (UTF-8 with BOM, Chinese headings). */
let t: TestApp;
let repos: ReturnType<typeof createRepositories>;
const ids: Record<string, number> = {};
beforeAll(async () => {
  t = await createTestApp();
  repos = createRepositories(t.database.db);
  for (const uuid of ['u1', 'u2', 'u16', 'u17']) ids[uuid] = (await repos.users.findByUuid(uuid))!.id;
  const base = { detail: {}, customerId: null, productId: null };
  // Around the China-time midnight between 25 and 26 November (16:00 UTC).
  await repos.compliance.recordMany([
    {
      ...base,
      kind: 'review',
      actorId: ids.u17!,
      adviserId: ids.u1!,
      subject: 'member:901',
      decision: 'approved',
      reason: '资料齐全',
      at: new Date('2026-11-25T15:59:59.999Z'),
    },
    {
      ...base,
      kind: 'review',
      actorId: ids.u1!,
      adviserId: ids.u1!,
      subject: 'member:902',
      decision: 'refused',
      reason: 'own_invitation',
      at: new Date('2026-11-25T16:00:00.000Z'),
    },
    {
      ...base,
      kind: 'policy_hit',
      actorId: ids.u2!,
      adviserId: ids.u2!,
      subject: 'answer:77',
      decision: 'refused',
      reason: '=HYPERLINK("x"),"保本"',
      at: new Date('2026-11-26T01:00:00.000Z'),
    },
  ]);
});
afterAll(() => t.close());

const S = '/smart-live/smart-service/api/compliance';
async function get(path: string, as: string, query: Record<string, string> = {}) {
  const token = await sessionTokenFor(t.database, as, t.clock.now());
  return t.app.inject(
    signRequest(
      { method: 'GET', url: `${S}/${path}`, query, headers: { authorization: `Bearer ${token}` } },
      { scheme: 'basic', now: t.clock.now() },
    ),
  );
}
const subjects = async (query: Record<string, string>) =>
  ((await get('events', 'u16', query)).json().data.list as Array<{ subject: string }>).map((e) => e.subject);

test('the compliance role only: a reviewer, an adviser and a customer are refused', async () => {
  for (const uuid of ['u17', 'u1', 'u5']) {
    const res = await get('events', uuid);
    expect([res.statusCode, res.json().error.message]).toEqual([403, '仅合规专员可以操作']);
    expect((await get('events.csv', uuid)).statusCode).toBe(403);
  }
  expect((await get('filters', 'u16')).json().data.advisers.map((a: { name: string }) => a.name)).toEqual([
    '王建国',
    '李晓梅',
  ]);
});

test('filters by kind, adviser and China-time day, both sides of midnight', async () => {
  expect(await subjects({ kind: 'review', from: '2026-11-25', to: '2026-11-26' })).toEqual([
    'member:902',
    'member:901',
  ]);
  expect(await subjects({ from: '2026-11-25', to: '2026-11-25' })).toEqual(['member:901']);
  expect(await subjects({ from: '2026-11-26', to: '2026-11-26' })).toEqual(['answer:77', 'member:902']);
  expect(await subjects({ adviser_id: String(ids.u2), from: '2026-11-25' })).toEqual(['answer:77']);
  const named = (await get('events', 'u16', { kind: 'review', from: '2026-11-25', to: '2026-11-25' })).json().data
    .list[0];
  expect(named).toMatchObject({
    actor: { id: ids.u17, name: '许文清' },
    adviser: { id: ids.u1, name: '王建国' },
    decision: 'approved',
    reason: '资料齐全',
  });
  expect((await get('events', 'u16', { from: '2026-02-30' })).statusCode).toBe(400);
  expect((await get('events', 'u16', { from: '2026-11-26', to: '2026-11-25' })).json().error.message).toBe(
    '结束日期不能早于开始日期',
  );
});

test('pages by id: no gaps, no repeats, ends with null', async () => {
  const seen: string[] = [];
  let before: number | null | undefined;
  do {
    const page = (
      await get('events', 'u16', {
        from: '2026-11-25',
        to: '2026-11-26',
        limit: '2',
        ...(before ? { before_id: String(before) } : {}),
      })
    ).json().data;
    seen.push(...page.list.map((e: { subject: string }) => e.subject));
    before = page.next_before_id;
  } while (before);
  expect(seen).toEqual(['answer:77', 'member:902', 'member:901']);
});

test('CSV: BOM, Chinese headings, China time, words for codes, quoting and no formulas', async () => {
  const res = await get('events.csv', 'u16', { from: '2026-11-25', to: '2026-11-26' });
  expect(res.statusCode).toBe(200);
  expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
  expect(res.headers['content-disposition']).toContain(`filename*=UTF-8''${encodeURIComponent('合规记录-')}`);
  const body = res.rawPayload.toString('utf8');
  expect(body.charCodeAt(0)).toBe(0xfeff);
  const lines = body.slice(1).trimEnd().split('\r\n');
  expect(lines[0]).toBe('时间,类型,操作人,理财师,客户,产品,对象,结果,原因,详情,结果代码,原因代码,序号,哈希');
  // Each row carries its place on the chain and its hash, the very hash the chain holds for that content.
  const chained = await t.database.db.select().from(complianceEvents).orderBy(desc(complianceEvents.seq));
  for (const r of chained) expect(r.hash).toBe(chainHash({ ...r, seq: r.seq!, prevHash: r.prevHash! }));
  const tail = (i: number) => `,${chained[i]!.seq},${chained[i]!.hash}`;
  expect(lines.slice(1)).toEqual([
    `2026-11-26 09:00:00,内容合规拦截,李晓梅,李晓梅,,,answer:77,拒绝,"'=HYPERLINK(""x""),""保本""",,refused,"'=HYPERLINK(""x""),""保本"""${tail(0)}`,
    `2026-11-26 00:00:00,审核决定,王建国,王建国,,,member:902,拒绝,您是该客户的邀请人，邀请奖励归您所有，需由其他审核人员处理,,refused,own_invitation${tail(1)}`,
    `2026-11-25 23:59:59,审核决定,许文清,王建国,,,member:901,通过,资料齐全,,approved,资料齐全${tail(2)}`,
  ]);
  expect(csvField('-1+1')).toBe("'-1+1");
  expect(csvField('甲,乙')).toBe('"甲,乙"');
});
