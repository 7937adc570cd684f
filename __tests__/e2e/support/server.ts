import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';

import { seededDataKey } from '../../../server/test-support/seed-key';
import { businessDate } from '../../../src/api/contract/dates';

const ROOT = path.resolve(__dirname, '..', '..', '..');

export interface RunningServer {
  url: string;
  dataDir: string;
  output: () => string;
  stop: () => Promise<number | null>;
}

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.unref();
    srv.on('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as net.AddressInfo;
      srv.close(() => resolve(port));
    });
  });
}

/** When a seeded folder was made: the epoch ms in its name (`…-<ms>-<pid>`, or `…-<ms>` as older runs named it). */
const madeAt = (name: string) => Number(/-(\d{13})(?:-\d+)?$/.exec(name)?.[1]);

/** How long a seeded folder may be copied: the seed places lives and facts around its own start time. */
const TEMPLATE_MAX_AGE_MS = 20 * 60_000;

/**
 * A data folder `npm start` has migrated and seeded (small scale), made at most TEMPLATE_MAX_AGE_MS ago on the
 * same Beijing business date: each suite starts on a copy of it (about 5 s) instead of seeding its own (about 15 s,
 * some three minutes over the e2e run). Suites that choose their own seed (SEED_*) still seed fresh. The name
 * carries the migrations' and the seed's content, so a change to either never reuses an old folder.
 */
async function seededTemplate(timeoutMs: number, nodeEnv: string | undefined): Promise<string> {
  const prefix = `wealth-live-e2e-seeded-${seededDataKey()}-${businessDate(new Date())}-`;
  const now = Date.now();
  const fresh = fs
    .readdirSync(os.tmpdir())
    .filter((n) => n.startsWith(prefix) && now - madeAt(n) < TEMPLATE_MAX_AGE_MS)
    .sort()
    .pop();
  if (fresh) return path.join(os.tmpdir(), fresh);
  // Folders too old to copy are never used again (about 70 MB each).
  for (const n of fs.readdirSync(os.tmpdir())) {
    const made = n.startsWith('wealth-live-e2e-seeded-') ? madeAt(n) : NaN;
    if (made && now - made > 2 * TEMPLATE_MAX_AGE_MS)
      fs.rmSync(path.join(os.tmpdir(), n), { recursive: true, force: true });
  }
  const building = fs.mkdtempSync(path.join(os.tmpdir(), 'e2e-seeding-'));
  // Seeded under the NODE_ENV the suite asked for: a bench runs under production, which refuses the local secrets.
  const server = await launch(
    building,
    { MARKET_SIMULATOR: 'off', ...(nodeEnv ? { NODE_ENV: nodeEnv } : {}) },
    timeoutMs,
  );
  const code = await server.stop({ keep: true });
  if (code !== 0) throw new Error(`seeding the e2e template exited ${code}:\n${server.output()}`);
  // Renamed only once complete, so a suite never copies half a folder. The process id keeps two workers that
  // seeded at once, in the same millisecond, from renaming onto one name.
  const done = path.join(os.tmpdir(), `${prefix}${now}-${process.pid}`);
  fs.renameSync(building, done);
  return done;
}

/**
 * Starts the product exactly as `npm start` does (node --import tsx server/main.ts) on a free port with a
 * fresh data folder (a copy of a just-seeded one unless `env` picks the seed), and waits for the address it prints.
 */
export async function startProductServer(env: Record<string, string> = {}, timeoutMs = 90_000): Promise<RunningServer> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'e2e-data-'));
  if (!Object.keys(env).some((k) => k.startsWith('SEED_') || k === 'DATABASE_URL')) {
    fs.cpSync(await seededTemplate(timeoutMs, env.NODE_ENV), dataDir, { recursive: true });
  }
  return launch(dataDir, env, timeoutMs);
}

async function launch(
  dataDir: string,
  env: Record<string, string>,
  timeoutMs: number,
): Promise<RunningServer & { stop(o?: { keep?: boolean }): Promise<number | null> }> {
  const port = await freePort();
  // Node with tsx's loader, not the tsx wrapper: the wrapper turns a SIGTERM the busy server is slow to acknowledge
  // (30 ms) into a SIGKILL and exits 143, which failed a suite's clean-stop check on a loaded machine.
  const child: ChildProcess = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    cwd: ROOT,
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let log = '';
  const url = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(
      () => reject(new Error(`server did not print its address within ${timeoutMs} ms:\n${log}`)),
      timeoutMs,
    );
    const onData = (chunk: Buffer) => {
      log += chunk.toString();
      const m = /Listening on (https?:\/\/[^/\s]+)/.exec(log);
      if (m) {
        clearTimeout(timer);
        resolve(m[1]!.replace('0.0.0.0', '127.0.0.1').replace('localhost', '127.0.0.1'));
      }
    };
    child.stdout?.on('data', onData);
    child.stderr?.on('data', (c: Buffer) => (log += c.toString()));
    child.on('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`server exited with ${code} before listening:\n${log}`));
    });
  });
  return {
    url,
    dataDir,
    output: () => log,
    stop: ({ keep = false }: { keep?: boolean } = {}) =>
      new Promise((resolve) => {
        if (child.exitCode !== null) return resolve(child.exitCode);
        child.once('exit', (code) => {
          if (!keep) fs.rmSync(dataDir, { recursive: true, force: true });
          resolve(code);
        });
        child.kill('SIGTERM');
      }),
  };
}
