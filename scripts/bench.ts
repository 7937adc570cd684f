import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

import { type Figure, figuresIn, figureTable } from './figures';

/**
 * `npm run bench`: every scripts/bench-*.ts in turn, in production mode, each one's output shown as it runs; then
 * one table of every figure they reported (scripts/figures.ts), each with its goal and its own command. Fails if
 * any bench fails. Arguments after `--` go to every bench; BENCH=replay,chart-chunk runs only those.
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

async function main() {
  let failed = 0;
  const figures: Figure[] = [];
  for (const file of benches) {
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
