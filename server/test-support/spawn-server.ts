import { type ChildProcess, spawn } from 'node:child_process';
import path from 'node:path';

const ROOT = path.resolve(__dirname, '../..');

export interface SpawnedServer {
  child: ChildProcess;
  /** Everything printed so far (stdout and stderr). */
  output(): string;
  /** Resolves with the exit code. */
  exited: Promise<number | null>;
  /** Resolves with the base URL once it prints "Listening on"; rejects if it exits first. */
  listening: Promise<string>;
}

/** `npm start` as a child process (node --import tsx server/main.ts), on a free port, without a client build. */
/** `nodeFlags`: more flags for node itself (a profile: --cpu-prof, which NODE_OPTIONS refuses). */
export function spawnServer(env: Record<string, string>, nodeFlags: string[] = []): SpawnedServer {
  // Node itself with tsx's loader (not the tsx wrapper), so child.pid is the server's pid and signals reach it.
  const child = spawn(process.execPath, [...nodeFlags, '--import', 'tsx', 'server/main.ts'], {
    cwd: ROOT,
    env: { ...process.env, PORT: '0', HOST: '127.0.0.1', SKIP_BUILD: '1', DATABASE_URL: '', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  return watchServer(child);
}

/** A started server's output, exit and address, for a child whose stdout and stderr are pipes. */
export function watchServer(child: ChildProcess): SpawnedServer {
  let out = '';
  child.stdout!.on('data', (c: Buffer) => (out += c.toString()));
  child.stderr!.on('data', (c: Buffer) => (out += c.toString()));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  const listening = new Promise<string>((resolve, reject) => {
    const timer = setInterval(() => {
      const m = /Listening on (http:\/\/\S+)\/\?uuid=/.exec(out);
      if (m) {
        clearInterval(timer);
        resolve(m[1]!);
      }
    }, 50);
    void exited.then((code) => {
      clearInterval(timer);
      reject(new Error(`exited ${code}: ${out}`));
    });
  });
  listening.catch(() => {});
  return { child, output: () => out, exited, listening };
}
