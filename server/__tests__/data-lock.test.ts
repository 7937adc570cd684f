/**
 * @jest-environment ./server/test-support/jest-environment.ts
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

import { DataFolderInUseError, LOCK_FILE, lockDataFolder } from '../data-lock';
import { spawnServer } from '../test-support/spawn-server';

jest.setTimeout(120_000);
const ROOT = path.resolve(__dirname, '../..');
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'lock-test-'));
afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

/**
 * Another process holding the folder the way a running server does (lockDataFolder at
 * start), without the minutes a full start takes on a busy machine.
 */
function holder() {
  const code = `require('./server/data-lock').lockDataFolder(${JSON.stringify(dataDir)}); console.log('locked'); setInterval(() => {}, 1000);`;
  const child = spawn(process.execPath, ['--import', 'tsx', '-e', code], {
    cwd: ROOT,
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const locked = new Promise<void>((resolve) =>
    child.stdout!.on('data', (c: Buffer) => c.toString().includes('locked') && resolve()),
  );
  const exited = new Promise<void>((resolve) => child.on('exit', () => resolve()));
  return { child, locked, exited };
}

test('npm start on a data folder in use exits non-zero naming the folder and the other process', async () => {
  const first = holder();
  try {
    await first.locked;
    const second = spawnServer({ DATA_DIR: dataDir });
    expect(await second.exited).not.toBe(0);
    expect(second.output()).toContain(`Data folder ${dataDir} is in use`);
    expect(second.output()).toContain(`process ${first.child.pid}`);
    expect(() => lockDataFolder(dataDir)).toThrow(DataFolderInUseError);
  } finally {
    first.child.kill('SIGKILL');
    await first.exited;
  }
  // kill -9 left the lock file behind; its process is gone, so the next start takes it over.
  expect(fs.existsSync(path.join(dataDir, LOCK_FILE))).toBe(true);
  const lock = lockDataFolder(dataDir);
  expect(JSON.parse(fs.readFileSync(path.join(dataDir, LOCK_FILE), 'utf8')).pid).toBe(process.pid);
  lock.release();
  expect(fs.existsSync(path.join(dataDir, LOCK_FILE))).toBe(false);
});
