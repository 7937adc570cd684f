/**
 * @jest-environment ./server/test-support/jest-environment.ts
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

import { InvitationErrorCode as E } from '../../src/api/contract/invitation-constants';
import { buildApp } from '../app';
import { openDatabase } from '../db/client';
import { TestClock } from '../test-support/app';
import { templateDataDir } from '../test-support/database';
import { mgmClient } from '../test-support/invitation';

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'mgm-sms-restart-'));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

/** The backend on the data folder, as a restart of `npm start` opens it. */
async function start(clock: TestClock, load = false) {
  const database = await openDatabase({ pgliteDir: dir, ...(load ? { loadDataDir: await templateDataDir() } : {}) });
  const app = await buildApp({ database, now: clock.now, distDir: '/nonexistent/dist' });
  return {
    app,
    database,
    c: mgmClient(app, database, clock.now),
    close: async () => (await app.close(), await database.close()),
  };
}

test('SMS limits and wrong tries hold across a restart (reopened database)', async () => {
  const clock = new TestClock();
  const phone = '13700001111';
  let s = await start(clock, true);
  expect((await s.c.call('/invite/sendCode', { region: '86', phone })).code).toBe(0);
  const code = (await s.c.smsCode(phone))!;
  const body = { region: '86', phone, password: await s.c.encrypt('abc123'), deviceId: 'dev-restart-1', agree: true };
  for (let i = 0; i < 3; i += 1)
    await s.c.call('/invite/register', { ...body, code: code === '000000' ? '111111' : '000000' });
  await s.close();

  s = await start(clock);
  try {
    expect((await s.c.call('/invite/sendCode', { region: '86', phone })).code).toBe(E.smsTooSoon);
    const wrong = code === '000000' ? '111111' : '000000';
    expect((await s.c.call('/invite/register', { ...body, code: wrong })).message).toBe('验证码错误，还可尝试1次');
    for (let i = 0; i < 3; i += 1) {
      clock.advance(61_000);
      expect((await s.c.call('/invite/sendCode', { region: '86', phone })).code).toBe(0);
    }
  } finally {
    await s.close();
  }
  s = await start(clock);
  try {
    clock.advance(61_000);
    expect((await s.c.call('/invite/sendCode', { region: '86', phone })).code).toBe(0);
    clock.advance(61_000);
    expect((await s.c.call('/invite/sendCode', { region: '86', phone })).code).toBe(E.smsPhoneHourly);
  } finally {
    await s.close();
  }
}, 90_000);
