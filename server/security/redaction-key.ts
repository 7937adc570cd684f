import { createHmac, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

import type { PlaceholderHash } from '../../src/features/action-log';

/**
 * The key of the server's action-log placeholders (`[phone:…]`). With a constant salt a placeholder maps back to
 * its phone by trying every number (seconds); keyed with a secret only this deployment holds, it does not. The
 * browser never holds it: the client redacts with its own per-session salt, which never leaves the device, and the
 * server redacts again with this key whatever arrives (docs/operations.md, ACTION_LOG_SECRET).
 */
const ACTION_LOG_SECRET_MIN = 16;
/** Where a data folder keeps its generated key (development, tests), beside the PGlite folder. */
export const LOCAL_SECRET_FILE = path.join('secrets', 'action-log.key');

/** Seven base-36 characters (~36 bits) of HMAC-SHA256(secret, value): the placeholder format's width. */
export function keyedPlaceholder(secret: string): PlaceholderHash {
  return (value) => {
    const mac = createHmac('sha256', secret).update(value, 'utf8').digest();
    return (mac.readBigUInt64BE(0) % 36n ** 7n).toString(36).padStart(7, '0');
  };
}

/** Reads the data folder's key, creating it (random, owner-only) on first use. */
function dataFolderSecret(dataDir: string): string {
  const file = path.join(dataDir, LOCAL_SECRET_FILE);
  try {
    return fs.readFileSync(file, 'utf8').trim();
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'ENOENT') throw err;
  }
  fs.mkdirSync(path.dirname(file), { recursive: true, mode: 0o700 });
  try {
    fs.writeFileSync(file, randomBytes(32).toString('hex'), { flag: 'wx', mode: 0o600 });
  } catch (err) {
    // Another server on this folder made it first: use theirs.
    if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
  }
  return fs.readFileSync(file, 'utf8').trim();
}

/**
 * ACTION_LOG_SECRET when set; production refuses to run without it. Otherwise a key generated for the data folder,
 * or, for an app with no data folder (tests), a random key of its own.
 */
export function actionLogSecretFor(opts: { given?: string; production: boolean; dataDir?: string }): string {
  if (opts.given !== undefined && opts.given !== '') {
    if (opts.given.length < ACTION_LOG_SECRET_MIN)
      throw new Error(`ACTION_LOG_SECRET must be at least ${ACTION_LOG_SECRET_MIN} characters`);
    return opts.given;
  }
  if (opts.production)
    throw new Error('NODE_ENV=production needs ACTION_LOG_SECRET: the action-log placeholders are keyed with it');
  return opts.dataDir ? dataFolderSecret(opts.dataDir) : randomBytes(32).toString('hex');
}
