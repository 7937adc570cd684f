import { spawnSync } from 'node:child_process';
import path from 'node:path';

/** jest globalSetup of the server project: the seeded templates, built once before the workers start (see prepare-templates.ts). */
export default function globalSetup(): void {
  const script = path.join(__dirname, 'prepare-templates.ts');
  const r = spawnSync(process.execPath, ['--import', 'tsx', script], {
    stdio: 'inherit',
    cwd: path.resolve(__dirname, '../..'),
  });
  if (r.status !== 0)
    throw new Error(`preparing the server tests' seeded templates failed (exit ${r.status ?? r.signal})`);
}
