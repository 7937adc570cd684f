import fs from 'node:fs';
import path from 'node:path';

import { fullReducer } from '../../src/app/store/full-reducer';
import { parseActionLog } from '../../src/features/action-log/log-format';
import { replayLog, valueAt } from '../../src/features/action-log/replay';
import { type ReplayCase, replayCase } from './replay-case';

/**
 * Recorded logs as regression tests: each `*.json` here is `{ description, log, expect }`,
 * where `expect` maps state paths (lives.homeList.status) to the values the user saw at the
 * end. A reducer change that alters what a recorded session ends with fails here.
 */
const dir = __dirname;
const files = fs
  .readdirSync(dir)
  .filter((f) => f.endsWith('.json'))
  .sort();

test('the folder holds recorded logs', () => {
  expect(files.length).toBeGreaterThanOrEqual(1);
});

describe.each(files)('%s', (file) => {
  const recorded = JSON.parse(fs.readFileSync(path.join(dir, file), 'utf8')) as ReplayCase;

  test(`${recorded.description}: replays to the recorded values`, () => {
    expect(Object.keys(recorded.expect).length).toBeGreaterThan(0);
    const { facts, endRoute } = replayCase(recorded);
    for (const f of facts) expect([f.path, f.actual]).toEqual([f.path, f.expected]);
    // Fixtures saved by the CLI or the viewer name the page the session ended on.
    if (recorded.route !== undefined) expect(endRoute).toBe(recorded.route);
  });
});

/** The sign-in logs recorded in Chromium (RECORD_REPLAYS=1, __tests__/e2e/action-log.e2e.test.ts) end signed in. */
describe('sign-in regression logs', () => {
  const final = (file: string) => {
    const replayCase = JSON.parse(fs.readFileSync(path.join(dir, file), 'utf8')) as ReplayCase;
    return replayLog(parseActionLog(replayCase.log), fullReducer).state;
  };

  test('SMS /login: a wrong code is refused, the right one signs in', () => {
    const state = final('sign-in-sms.json');
    expect(valueAt(state, 'login.submit')).toEqual({ status: 'succeeded', error: null });
    expect(valueAt(state, 'login.sms.status')).toBe('sent');
    expect(valueAt(state, 'login.regionCode')).toBe('86');
    expect(valueAt(state, 'login.fieldErrors')).toEqual({ phone: null, code: null, password: null });
  });

  test('WeCom: back from authorization (after a page unload), the work-chat session is signed in', () => {
    const state = final('sign-in-wecom.json');
    expect(valueAt(state, 'session.required')).toBe('workChat');
    expect(valueAt(state, 'session.flows.workChat.status')).toBe('signedIn');
    expect(valueAt(state, 'session.flows.workChat.signedInAt')).toEqual(expect.any(Number));
  });
});
