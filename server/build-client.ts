import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

/** Inputs of the client build: a change to any of them makes dist/ stale. */
export const BUILD_INPUT_DIRS = ['src', 'config', 'public'];
export const BUILD_INPUT_FILES = ['webpack.config.ts', 'babel.config.js', 'package-lock.json'];
export const BUILD_STAMP = '.build-stamp';

function newestMtime(target: string): number {
  let stat: fs.Stats;
  try {
    stat = fs.statSync(target);
  } catch {
    return 0;
  }
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = 0;
  for (const entry of fs.readdirSync(target)) {
    if (entry === '__tests__' || entry.startsWith('.')) continue;
    newest = Math.max(newest, newestMtime(path.join(target, entry)));
  }
  return newest;
}

/** Why dist/ needs a build, or null when it is up to date. */
export function buildStaleReason(root: string, distDir: string): string | null {
  const stamp = path.join(distDir, BUILD_STAMP);
  if (!fs.existsSync(path.join(distDir, 'index.html'))) return 'dist/ has no build';
  if (!fs.existsSync(stamp)) return 'dist/ has no build stamp';
  const built = fs.statSync(stamp).mtimeMs;
  for (const input of [...BUILD_INPUT_DIRS, ...BUILD_INPUT_FILES]) {
    if (newestMtime(path.join(root, input)) > built) return `${input} changed since the last build`;
  }
  return null;
}

/** Runs the production build as a child (its output goes straight to the terminal), then stamps dist/. */
export async function buildClient(root: string, distDir: string): Promise<void> {
  const code = await new Promise<number | null>((resolve, reject) => {
    const child = spawn('npx', ['webpack', '--mode', 'production'], { cwd: root, stdio: 'inherit' });
    child.on('error', reject);
    child.on('exit', resolve);
  });
  if (code !== 0) throw new Error(`webpack exited with code ${code}`);
  fs.mkdirSync(distDir, { recursive: true });
  fs.writeFileSync(path.join(distDir, BUILD_STAMP), `${new Date().toISOString()}\n`);
}

/**
 * Builds when needed. A failed build does not stop the backend: the API still works and
 * pages answer the "run npm run build" notice (or the previous build keeps being served).
 */
export async function ensureClientBuilt(root: string, distDir: string, log: (msg: string) => void): Promise<void> {
  const reason = buildStaleReason(root, distDir);
  if (!reason) return;
  log(`Building the client (${reason})…`);
  try {
    await buildClient(root, distDir);
  } catch (err) {
    log(`Client build failed: ${(err as Error).message}. Serving the API without a fresh build.`);
  }
}
