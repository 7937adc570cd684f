import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

/** `npm run bench`: every scripts/bench-*.ts in turn, in production mode; fails if any fails. */
const dir = __dirname;
const benches = fs
  .readdirSync(dir)
  .filter((f) => /^bench-.+\.ts$/.test(f))
  .sort();
let failed = 0;
for (const file of benches) {
  console.info(`\n=== ${file}`);
  const run = spawnSync(process.execPath, ['--import', 'tsx', path.join(dir, file), ...process.argv.slice(2)], {
    stdio: 'inherit',
    env: { ...process.env, NODE_ENV: 'production' },
  });
  if (run.status !== 0) failed += 1;
}
if (failed > 0) {
  console.error(`${failed} of ${benches.length} benchmarks failed`);
  process.exitCode = 1;
}
