import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';

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

/**
 * Starts the product exactly as `npm start` does (tsx server/main.ts) on a free port with a
 * fresh data folder, and waits for the address it prints.
 */
export async function startProductServer(env: Record<string, string> = {}, timeoutMs = 90_000): Promise<RunningServer> {
  const port = await freePort();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'e2e-data-'));
  const child: ChildProcess = spawn(path.join(ROOT, 'node_modules', '.bin', 'tsx'), ['server/main.ts'], {
    cwd: ROOT,
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let log = '';
  const url = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`server did not print its address within ${timeoutMs} ms:\n${log}`)), timeoutMs);
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
    stop: () =>
      new Promise((resolve) => {
        if (child.exitCode !== null) return resolve(child.exitCode);
        child.once('exit', (code) => {
          fs.rmSync(dataDir, { recursive: true, force: true });
          resolve(code);
        });
        child.kill('SIGTERM');
      }),
  };
}
