import fs from 'node:fs';
import path from 'node:path';

import { lockDataFolder } from '../server/data-lock';
import { openDatabase } from '../server/db/client';
import { verifyChain } from '../server/security/audit-verify';
import { DEFAULT_DATA_DIR } from '../server/start';

/**
 * `npm run audit:verify`: walks the compliance trail's hash chain (docs/compliance.md) on the database `npm start`
 * uses (DATABASE_URL, else PGlite in DATA_DIR, default .data) and prints one line when it is intact (exit 0), or
 * the first altered, deleted or inserted row and what else is wrong (exit 1). Exit 2: the database could not be read.
 */
export async function main(env: Record<string, string | undefined>, out = console): Promise<number> {
  const databaseUrl = env.DATABASE_URL || undefined;
  const dataDir = path.resolve(env.DATA_DIR || DEFAULT_DATA_DIR);
  const pgliteDir = path.join(dataDir, 'pglite');
  if (!databaseUrl && !fs.existsSync(pgliteDir)) {
    out.error(`No database: neither DATABASE_URL nor a PGlite folder at ${pgliteDir}`);
    return 2;
  }
  // PGlite is one process's database: verify while the server is stopped, never beside it.
  const lock = databaseUrl ? null : lockDataFolder(dataDir);
  try {
    const database = await openDatabase(databaseUrl ? { databaseUrl } : { pgliteDir });
    try {
      const verdict = await verifyChain(database.db);
      if (verdict.ok) {
        out.info(verdict.summary);
        return 0;
      }
      out.error(`compliance trail BROKEN (${database.location}): ${verdict.summary}`);
      for (const p of verdict.problems.slice(1)) out.error(`  also: ${p}`);
      return 1;
    } finally {
      await database.close();
    }
  } finally {
    lock?.release();
  }
}

if (require.main === module) {
  main(process.env).then(
    (code) => process.exit(code),
    (err: unknown) => {
      console.error(err instanceof Error ? err.message : err);
      process.exit(2);
    },
  );
}
