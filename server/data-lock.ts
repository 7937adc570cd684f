import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/**
 * One server per data folder. Two processes on one PGlite folder both
 * write and lose acknowledged rows, so the folder is locked at start with a file created
 * exclusively (O_EXCL). A lock left by a process that no longer runs (kill -9, power loss)
 * is stale: it is detected by its pid and taken over.
 */
export const LOCK_FILE = 'server.lock';

interface LockOwner {
  pid: number;
  host: string;
  startedAt: string;
}

export class DataFolderInUseError extends Error {
  constructor(
    readonly folder: string,
    readonly owner: LockOwner,
  ) {
    super(
      `Data folder ${folder} is in use by another server: process ${owner.pid} on ${owner.host} (started ${owner.startedAt}). ` +
        `Stop it, or start this one with another DATA_DIR.`,
    );
    this.name = 'DataFolderInUseError';
  }
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    // EPERM: the process exists but belongs to someone else.
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

function readOwner(file: string): LockOwner | null {
  try {
    const owner = JSON.parse(fs.readFileSync(file, 'utf8')) as Partial<LockOwner>;
    return typeof owner.pid === 'number'
      ? { pid: owner.pid, host: String(owner.host ?? ''), startedAt: String(owner.startedAt ?? '') }
      : null;
  } catch {
    return null;
  }
}

function olderThan(file: string, ms: number): boolean {
  try {
    return Date.now() - fs.statSync(file).mtimeMs > ms;
  } catch {
    return true;
  }
}

export interface DataFolderLock {
  release(): void;
}

/** Takes the folder's lock or throws DataFolderInUseError naming the holder. */
export function lockDataFolder(folder: string): DataFolderLock {
  fs.mkdirSync(folder, { recursive: true });
  const file = path.join(folder, LOCK_FILE);
  const me: LockOwner = { pid: process.pid, host: os.hostname(), startedAt: new Date().toISOString() };
  for (let attempt = 0; attempt < 3; attempt += 1) {
    try {
      const fd = fs.openSync(file, 'wx');
      fs.writeSync(fd, JSON.stringify(me));
      fs.closeSync(fd);
      let released = false;
      const release = () => {
        if (released) return;
        released = true;
        if (readOwner(file)?.pid === process.pid) fs.rmSync(file, { force: true });
      };
      // A crash still leaves the file; an ordinary exit removes it.
      process.once('exit', release);
      return { release };
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
    }
    const owner = readOwner(file);
    // A half-written file (its writer died between create and write) or a dead pid on this host is stale.
    const stale = owner
      ? owner.host === me.host && owner.pid !== process.pid && !alive(owner.pid)
      : olderThan(file, 5_000);
    if (!stale) throw new DataFolderInUseError(folder, owner ?? { pid: -1, host: '?', startedAt: 'just now' });
    fs.rmSync(file, { force: true });
  }
  throw new DataFolderInUseError(folder, readOwner(file) ?? { pid: -1, host: '?', startedAt: '?' });
}
