/**
 * Each rule has one owner, shared by client and server; this keeps copies from growing back. A hit
 * outside the owner means: import the owner instead of writing the rule again.
 */
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';

const repo = resolve(__dirname, '../..');
const sources = execFileSync('git', ['ls-files', 'src', 'server', 'scripts'], { cwd: repo, encoding: 'utf8' })
  .split('\n')
  .filter((f) => /\.(ts|tsx)$/.test(f) && !/__tests__|\/generated\/|test-support\//.test(f));

function holders(pattern: RegExp): string[] {
  return sources.filter((f) => pattern.test(readFileSync(resolve(repo, f), 'utf8')));
}

test.each([
  ['business time (UTC+8)', /8 \* 3_?600|8 \* 60 \* 60|T00:00:00\+08:00|\+ 28_?800/, ['src/api/contract/dates.ts']],
  // The bound itself lives in src/api/contract/id.ts as ID_MAX; nobody writes the number again.
  ['the id bounds', /maximum: 2_?147_?483_?647|<= 2_?147_?483_?647/, []],
  ['the article HTML policy', /FORBID_TAGS|ALLOWED_URI_REGEXP/, ['src/lib/html-policy.ts']],
  ['the signature digests', /\bsign(Basic|Content|MarketMap)\(/, ['src/api/contract/signature.ts']],
])('%s has one owner', (_rule, pattern, owners) => {
  expect(holders(pattern)).toEqual(owners);
});
