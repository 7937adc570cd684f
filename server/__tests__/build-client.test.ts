import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

import { buildStaleReason } from '../build-client';

let root: string;
/** Every input of the client build, each older than a fresh stamp. */
const INPUTS = [
  'src/features/a.ts',
  'config/app.ts',
  'public/index.html',
  'webpack.config.ts',
  'babel.config.js',
  'package-lock.json',
];
const at = (file: string, seconds: number) => fs.utimesSync(path.join(root, file), seconds, seconds);

beforeEach(() => {
  root = fs.mkdtempSync(path.join(os.tmpdir(), 'build-stale-'));
  for (const d of ['src/features', 'config', 'public', 'dist']) fs.mkdirSync(path.join(root, d), { recursive: true });
  for (const f of INPUTS) {
    fs.writeFileSync(path.join(root, f), 'x');
    at(f, 1_000);
  }
});
afterEach(() => fs.rmSync(root, { recursive: true, force: true }));

const dist = () => path.join(root, 'dist');
function built(stampSeconds = 2_000) {
  fs.writeFileSync(path.join(dist(), 'index.html'), '<html>');
  fs.writeFileSync(path.join(dist(), '.build-stamp'), 'x');
  at('dist/.build-stamp', stampSeconds);
}

test('no build yet', () => {
  expect(buildStaleReason(root, dist())).toMatch(/no build/);
});

test('a build without a stamp counts as stale', () => {
  fs.writeFileSync(path.join(dist(), 'index.html'), '<html>');
  expect(buildStaleReason(root, dist())).toMatch(/stamp/);
});

test('fresh when every input is older than the stamp', () => {
  built();
  expect(buildStaleReason(root, dist())).toBeNull();
});

test.each(INPUTS)('stale when %s is newer than the stamp', (file) => {
  built();
  at(file, 3_000);
  expect(buildStaleReason(root, dist())).toMatch(new RegExp(file.split('/')[0]!.replace('.', '\\.')));
});

test('tests beside the code do not make the build stale', () => {
  built();
  fs.mkdirSync(path.join(root, 'src/features/__tests__'));
  fs.writeFileSync(path.join(root, 'src/features/__tests__/a.test.ts'), 'x');
  at('src/features/__tests__/a.test.ts', 3_000);
  expect(buildStaleReason(root, dist())).toBeNull();
});
