import { spawnSync } from 'node:child_process';
import { EventEmitter } from 'node:events';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

import { exitQuietlyOnClosedPipe, parseArgs, run } from '../../scripts/replay';
import { type ReplayCase, replayCase } from './replay-case';

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

describe('--save-test: a log becomes a regression case the replay suite runs', () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'replay-fixtures-'));
  beforeAll(() => (process.env.REPLAY_FIXTURE_DIR = dir));
  afterAll(() => {
    delete process.env.REPLAY_FIXTURE_DIR;
    fs.rmSync(dir, { recursive: true, force: true });
  });
  const plainLog = write('plain-log.json', log);

  test('writes {description, route, log, expect} with the final state key facts, and the suite passes it', async () => {
    const { out, code } = await run([plainLog, '--save-test', 'home-list-again', '--description', '首页列表再回放']);
    expect([code, out]).toEqual([0, expect.stringContaining('home-list-again.json')]);
    const fixture = JSON.parse(fs.readFileSync(path.join(dir, 'home-list-again.json'), 'utf8')) as ReplayCase;
    expect(fixture.description).toBe('首页列表再回放');
    expect(fixture.route).toBe((log.entries.at(-1) as unknown as { route: string }).route);
    expect(fixture.log).toEqual(log);
    expect(fixture.expect).toMatchObject({ 'lives.homeList.status': 'succeeded' });
    const { facts, endRoute } = replayCase(fixture);
    expect(facts.length).toBe(Object.keys(fixture.expect).length);
    for (const f of facts) expect([f.path, f.actual]).toEqual([f.path, f.expected]);
    expect(endRoute).toBe(fixture.route);
    // The CLI opens what it wrote, as it opens any fixture.
    expect((await run([path.join(dir, 'home-list-again.json'), '--to', '1'])).code).toBe(0);
  });

  test('a taken name or a bad one is refused; nothing is overwritten', async () => {
    fs.writeFileSync(path.join(dir, 'taken.json'), '{}');
    expect(await run([plainLog, '--save-test', 'taken'])).toMatchObject({
      code: 2,
      out: expect.stringContaining('已存在'),
    });
    expect(fs.readFileSync(path.join(dir, 'taken.json'), 'utf8')).toBe('{}');
    expect(await run([plainLog, '--save-test', '../escape'])).toMatchObject({
      code: 2,
      out: expect.stringContaining('只能用小写字母'),
    });
  });
});

describe('--find takes the list filters', () => {
  test('flags become the search query; a log id with --find or a bad context is refused', () => {
    expect(
      parseArgs(['--find', '--has-error', '--page', '/liveDetail', '--context', 'wecom', '--text', '白屏']),
    ).toMatchObject({
      find: { hasError: '1', page: '/liveDetail', context: 'wecom', q: '白屏' },
    });
    expect(parseArgs(['--no-error', '--since', '2026-11-29T08:00', '--until', '2026-11-29T09:00'])).toMatchObject({
      find: { hasError: '0', from: '2026-11-29T08:00', to: '2026-11-29T09:00' },
    });
    expect(() => parseArgs(['--find', 'K7M4-QX2B'])).toThrow('--find 不需要日志编号');
    expect(() => parseArgs(['--find', '--context', 'fax'])).toThrow('--context 只能是');
    expect(() => parseArgs(['--find', '--page'])).toThrow('--page 需要一个值');
  });
});

describe('a closed pipe ends the CLI quietly', () => {
  test('EPIPE on stdout exits 0 without a stack', () => {
    const stream = new EventEmitter() as unknown as NodeJS.WritableStream;
    const exits: number[] = [];
    exitQuietlyOnClosedPipe(stream, (c) => exits.push(c));
    stream.emit('error', Object.assign(new Error('write EPIPE'), { code: 'EPIPE' }));
    expect(exits).toEqual([0]);
    expect(() => stream.emit('error', Object.assign(new Error('disk full'), { code: 'ENOSPC' }))).toThrow('disk full');
  });

  test('`npm run replay -- <log> | head -1` prints one line and no stack', () => {
    // Enough steps that the output outgrows the pipe's buffer, so the writer really meets a closed pipe.
    const entries = Array.from({ length: 60 }, (_, k) =>
      log.entries.map((e, i) => ({ ...e, seq: k * 1000 + i })),
    ).flat();
    const big = write('big.json', { ...log, entries });
    const result = spawnSync('bash', ['-o', 'pipefail', '-c', `node --import tsx scripts/replay.ts ${big} | head -1`], {
      cwd: path.join(__dirname, '..', '..'),
      encoding: 'utf8',
    });
    expect([
      String(result.error),
      result.status,
      result.stderr,
      result.stdout.split('\n').filter(Boolean).length,
    ]).toEqual(['undefined', 0, '', 1]);
    expect(result.stderr).not.toMatch(/EPIPE|at .*\(|Error/);
  }, 60_000);
});
