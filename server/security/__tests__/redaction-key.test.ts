import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

import { createRedactor } from '../../../src/features/action-log';
import { actionLogSecretFor, keyedPlaceholder, LOCAL_SECRET_FILE } from '../redaction-key';

const tmp: string[] = [];
const folder = () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'redaction-key-'));
  tmp.push(dir);
  return dir;
};
afterAll(() => tmp.forEach((d) => fs.rmSync(d, { recursive: true, force: true })));

test('a data folder generates its key once, owner-only, and keeps it; another folder has its own', () => {
  const one = folder();
  const key = actionLogSecretFor({ production: false, dataDir: one });
  expect(key).toMatch(/^[0-9a-f]{64}$/);
  expect(fs.statSync(path.join(one, LOCAL_SECRET_FILE)).mode & 0o777).toBe(0o600);
  expect(actionLogSecretFor({ production: false, dataDir: one })).toBe(key);
  expect(actionLogSecretFor({ production: false, dataDir: folder() })).not.toBe(key);
  // The environment's secret wins; production has no fallback.
  expect(actionLogSecretFor({ given: 'from-the-environment-1', production: true, dataDir: one })).toBe(
    'from-the-environment-1',
  );
  expect(() => actionLogSecretFor({ production: true, dataDir: one })).toThrow(/ACTION_LOG_SECRET/);
});

test('one redactor, keyed: the placeholder format holds, the same key gives the same label, another key another', () => {
  const a = createRedactor(keyedPlaceholder('key-a-0123456789abcdef'));
  const b = createRedactor(keyedPlaceholder('key-b-0123456789abcdef'));
  const text = '客户电话 13800138000，身份证 11010519491231002X';
  expect(a.value(text)).toMatch(/^客户电话 \[phone:[0-9a-z]{7}\]，身份证 \[id:[0-9a-z]{7}\]$/);
  expect(a.value(text)).toBe(a.value(text));
  expect(a.value(text)).not.toBe(b.value(text));
  expect(a.placeholder('phone', '13800138000')).not.toBe(createRedactor('server').placeholder('phone', '13800138000'));
});
