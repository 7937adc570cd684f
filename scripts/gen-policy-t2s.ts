/**
 * Writes src/lib/content-policy/t2s.ts: the traditional forms of every character the content policy's
 * rules use, read from OpenCC's tables (server/policy/simplify.ts). The client matches with this
 * subset (a few hundred bytes) instead of OpenCC's ~100 KB of tables; the server uses the full tables.
 *
 *   npx tsx scripts/gen-policy-t2s.ts          write the file
 *   npx tsx scripts/gen-policy-t2s.ts --check  exit 1 if the committed file is stale
 */
import fs from 'node:fs';
import path from 'node:path';

import { policyT2sSource } from '../server/policy/t2s-source';

const target = path.resolve(__dirname, '../src/lib/content-policy/t2s.ts');
const source = policyT2sSource();
if (process.argv.includes('--check')) {
  const current = fs.existsSync(target) ? fs.readFileSync(target, 'utf8') : '';
  if (current !== source) {
    console.error(`${path.relative(process.cwd(), target)} is stale: run npx tsx scripts/gen-policy-t2s.ts`);
    process.exit(1);
  }
} else {
  fs.writeFileSync(target, source);
  console.info(`wrote ${path.relative(process.cwd(), target)}`);
}
