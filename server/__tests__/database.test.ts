/**
 * @jest-environment ./server/test-support/jest-environment.ts
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';

import { migrateDatabase, openDatabase } from '../db/client';
import { subscriptions } from '../db/schema';
import { isDatabaseEmpty } from '../db/seed';
import { templateDataDir, TEST_BASE_TIME } from '../test-support/database';

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'pglite-restart-'));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

test('a PGlite data folder keeps its rows across close and reopen', async () => {
  const first = await openDatabase({ pgliteDir: dir, loadDataDir: await templateDataDir() });
  await migrateDatabase(first);
  await first.db
    .insert(subscriptions)
    .values({ liveId: 3, employeeId: 'RESTART-1', realName: '持久', createdAt: TEST_BASE_TIME });
  await first.close();

  const second = await openDatabase({ pgliteDir: dir });
  try {
    // Migrating again is a no-op on an up-to-date database.
    await migrateDatabase(second);
    expect(await isDatabaseEmpty(second.db)).toBe(false);
    const rows = await second.db.select().from(subscriptions).where(eq(subscriptions.employeeId, 'RESTART-1'));
    expect(rows).toEqual([
      { liveId: 3, employeeId: 'RESTART-1', realName: '持久', unionId: null, createdAt: TEST_BASE_TIME },
    ]);
  } finally {
    await second.close();
  }
});
