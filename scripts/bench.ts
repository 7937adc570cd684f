import { execFileSync, spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

import { buildClient, buildStaleReason } from '../server/build-client';
import { type Figure, figuresIn, figureTable } from './figures';

/**
 * `npm run bench`: every scripts/bench-*.ts in turn, in production mode, each one's output shown as it runs; then
 * one table of every figure they reported (scripts/figures.ts), each with its goal and its own command. Fails if
 * any bench fails. Arguments after `--` go to every bench; BENCH=replay,chart-chunk runs only those; `-- --full`
 * gives the slow benches their longer runs (scripts/quick-or-full.ts).
 */
const dir = __dirname;
const benches = fs
  .readdirSync(dir)
  .filter((f) => /^bench-.+\.ts$/.test(f))
  .filter((f) => !process.env.BENCH || process.env.BENCH.split(',').some((name) => f === `bench-${name}.ts`))
  .sort();

function runBench(file: string): Promise<{ status: number | null; output: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ['--import', 'tsx', path.join(dir, file), ...process.argv.slice(2)], {
      stdio: ['ignore', 'pipe', 'inherit'],
      env: { ...process.env, NODE_ENV: 'production' },
    });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => {
      output += chunk.toString('utf8');
      process.stdout.write(chunk);
    });
    child.on('close', (status) => resolve({ status, output }));
  });
}

/** Busy and total jiffies of all CPUs (/proc/stat's first line); null where there is none. */
function cpuJiffies(): { busy: number; total: number } | null {
  try {
    const [, ...fields] = fs.readFileSync('/proc/stat', 'utf8').split('\n')[0]!.trim().split(/\s+/);
    const n = fields.map(Number);
    const idle = n[3]! + (n[4] ?? 0);
    const total = n.reduce((a, b) => a + b, 0);
    return { busy: total - idle, total };
  } catch {
    return null;
  }
}

/**
 * Before each bench: what the last one left is written out (its files, a seeded database) and the machine is let
 * go quiet: under 10 % busy for QUIET_SECONDS seconds in a row, waiting at most 60 s. Otherwise a bench measures the
 * tail of the one before. One quiet second can fall between two bursts of what the last bench left working (the
 * curves write 100,000 cards to PostgreSQL): the first-screen figure after it read 1.23, against 1.04-1.06 on its own.
 */
const QUIET_SECONDS = 3;
async function quiet(): Promise<void> {
  execFileSync('sync');
  let calm = 0;
  for (let waited = 0; waited < 60 && calm < QUIET_SECONDS; waited += 1) {
    const a = cpuJiffies();
    await new Promise((r) => setTimeout(r, 1000));
    const b = cpuJiffies();
    if (!a || !b) return;
    calm = (b.busy - a.busy) / Math.max(1, b.total - a.total) < 0.1 ? calm + 1 : 0;
  }
}

async function main() {
  // The benches read the production build (chunk sizes, pages in a browser): a fresh checkout has none yet.
  const root = path.resolve(dir, '..');
  const stale = buildStaleReason(root, path.join(root, 'dist'));
  if (stale) {
    console.info(`Building the client (${stale})…`);
    await buildClient(root, path.join(root, 'dist'));
  }
  let failed = 0;
  const figures: Figure[] = [];
  for (const file of benches) {
    await quiet();
    console.info(`\n=== ${file}`);
    const { status, output } = await runBench(file);
    if (status !== 0) failed += 1;
    figures.push(...figuresIn(output));
  }
  console.info(`\n=== every figure\n${figureTable(figures)}`);
  if (failed > 0) {
    console.error(`${failed} of ${benches.length} benchmarks failed`);
    process.exitCode = 1;
  }
}

void main();
