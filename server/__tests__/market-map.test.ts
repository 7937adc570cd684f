/**
 * @jest-environment ./server/test-support/jest-environment.ts
 */
import { createTestApp, type TestApp } from '../test-support/app';
import { mm } from '../test-support/market-map';
import { createUsersRepository } from '../repositories/users';

let t: TestApp;
let sid1: string;
let sid2: string;
let customerSid: string;
beforeAll(async () => {
  t = await createTestApp();
  const users = createUsersRepository(t.database.db);
  sid1 = (await users.createSession(1, t.clock.now())).token;
  sid2 = (await users.createSession(2, t.clock.now())).token;
  customerSid = (await users.createSession(4, t.clock.now())).token;
}, 120_000);
afterAll(() => t.close());

test('smoke', async () => {
  for (const [m, p, q] of [
    ['GET', '/chance/categories'], ['GET', '/chance/type'], ['GET', '/chance-card/list', { order: 'priority', limit: 5 }], ['GET', '/chance-card/user-list'],
    ['GET', '/chance-card/tag-list'], ['GET', '/chance-card/stats'], ['GET', '/chance/list', { state: 'ignored' }], ['GET', '/clue/list'], ['GET', '/clue-handle/options'],
    ['POST', '/clue-handle/rank', {}], ['POST', '/search/keyword', { keyword: '张' }], ['GET', '/rule-settings/index'],
  ] as const) {
    const r = await mm(t, sid1, m, p, q as Record<string, unknown> | undefined);
    expect([p, r.status, r.body.error]).toEqual([p, 200, { code: 0, message: expect.any(String) }]);
  }
  void sid2; void customerSid;
});
