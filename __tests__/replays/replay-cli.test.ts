import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

import { parseArgs, run } from '../../scripts/replay';

/**
 * `npm run replay`, run in-process on a recorded regression log (the home list: opened, loaded,
 * online counts, a second page). The e2e suite covers reading a log by id from the server.
 */
const homeList = path.join(__dirname, 'home-list.json');
const { log } = JSON.parse(fs.readFileSync(homeList, 'utf8')) as {
  log: { entries: { action: { type: string; payload?: unknown } }[] };
};
const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'replay-cli-'));
const write = (name: string, value: unknown) => {
  const file = path.join(tmp, name);
  fs.writeFileSync(file, typeof value === 'string' ? value : JSON.stringify(value));
  return file;
};
afterAll(() => fs.rmSync(tmp, { recursive: true, force: true }));

test('prints a line per step with its type and changed paths, then the final state', async () => {
  const { out, code } = await run([homeList]);
  expect(code).toBe(0);
  const steps = out.split('\n').filter((l) => /^\d+\s+\+/.test(l));
  expect(steps).toHaveLength(log.entries.length);
  expect(steps[1]).toMatch(/lives\/homeListOpened\s+.*lives\.homeList\.(status|query)/);
  expect(out).toContain('最终状态：');
});

test('--to N --json stops at step N and gives the timeline and state as JSON', async () => {
  const { out, code } = await run([homeList, '--to', '2', '--json']);
  expect(code).toBe(0);
  const parsed = JSON.parse(out) as {
    steps: number;
    timeline: { step: number; type: string; changed: string[] }[];
    state: { lives: { homeList: { status: string } } };
  };
  expect(parsed.steps).toBe(2);
  expect(parsed.timeline.map((s) => s.type)).toEqual([log.entries[0]!.action.type, log.entries[1]!.action.type]);
  expect(parsed.timeline[1]!.changed).toContain('lives.homeList.status');
  expect(parsed.state.lives.homeList.status).toBe('loading');
});

test('--diff A B lists each changed value with before and after', async () => {
  const { out, code } = await run([homeList, '--diff', '1', '2', '--json']);
  expect(code).toBe(0);
  expect(JSON.parse(out)).toContainEqual({ path: 'lives.homeList.status', before: 'idle', after: 'loading' });
  const text = await run([homeList, '--diff', '0', '0']);
  expect(text.out).toBe('第 0 步 → 第 0 步：0 处不同');
});

test('a reducer that throws stops the replay with the step, the action and the stack', async () => {
  const entries = log.entries.slice(0, 2).concat({
    ...log.entries[8]!,
    action: { type: 'lives/homeListLoaded', payload: { page: 1, pageSize: 20, total: 1, list: null } },
  });
  const file = write('broken.json', { ...log, entries });
  const { out, code } = await run([file]);
  expect(code).toBe(1);
  expect(out).toMatch(/^回放在第 3 步停止：.*lives\/homeListLoaded/);
  expect(out).toContain('"list":null');
  expect(out).toMatch(/at .*lives-slice/);
});

test('bad input is refused with a message and exit code 2', async () => {
  expect(await run([])).toMatchObject({ code: 2, out: expect.stringContaining('用法') });
  expect(await run(['/no/such/file.json'])).toMatchObject({ code: 2, out: expect.stringContaining('找不到文件') });
  expect(await run([write('not-json.json', '{')])).toMatchObject({
    code: 2,
    out: expect.stringContaining('不是合法的 JSON'),
  });
  expect(await run([write('old.json', { ...log, version: 0 })])).toMatchObject({
    code: 2,
    out: expect.stringContaining('过旧'),
  });
  expect(() => parseArgs([homeList, '--to', 'x'])).toThrow('--to 需要一个非负整数');
});
