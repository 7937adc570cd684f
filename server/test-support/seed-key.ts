import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

const SERVER_DIR = path.resolve(__dirname, '..');

function filesUnder(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const p = path.join(dir, e.name);
    return e.isDirectory() ? filesUnder(p) : [p];
  });
}

/**
 * What a seeded database is made of: the migrations, the seed, the schema and the PGlite version (its data folder
 * format). A change to any of them gives a new key, so a kept seeded database (the server tests' template, the e2e
 * suites' folder) is never reused stale. Light on purpose: the e2e harness calls it without loading the database.
 */
export function seededDataKey(): string {
  const h = createHash('sha256');
  const inputs = [
    ...filesUnder(path.join(SERVER_DIR, 'db', 'migrations')),
    ...filesUnder(path.join(SERVER_DIR, 'db', 'seed')),
    path.join(SERVER_DIR, 'db', 'schema.ts'),
    path.join(SERVER_DIR, '..', 'node_modules', '@electric-sql', 'pglite', 'package.json'),
  ].sort();
  for (const f of inputs) h.update(f).update(fs.readFileSync(f));
  return h.digest('hex').slice(0, 16);
}
