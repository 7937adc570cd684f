import { eq } from 'drizzle-orm';

import { mktCustomers, storeQualifications, users } from '../db/schema';
import { createStoreRepository } from '../repositories/store';
import type { CustomerRisk } from '../suitability/suitability';
import type { TestApp } from './app';
import { sessionTokenFor } from './session';

/**
 * A seeded app customer made into the viewer a private-fund test needs: an assessed level expiring
 * `expiresInMs` from the test clock's now (null: never assessed) and, when `qualified`, a qualified-investor
 * declaration on record (as the store's or a live room's confirmation writes it). Returns a session token.
 */
export async function privateViewer(
  t: TestApp,
  uuid: string,
  opts: { level: CustomerRisk | null; expiresInMs?: number; qualified: boolean },
): Promise<string> {
  const db = t.database.db;
  const now = t.clock.now();
  const [user] = await db.select().from(users).where(eq(users.uuid, uuid));
  if (!user || user.role !== 'customer') throw new Error(`${uuid} is not a seeded customer`);
  await db
    .update(mktCustomers)
    .set({
      riskLevel: opts.level,
      qualified: false,
      riskAssessedAt: opts.level ? now : null,
      riskExpiresAt: opts.level ? new Date(now.getTime() + (opts.expiresInMs ?? 100 * 86_400_000)) : null,
    })
    .where(eq(mktCustomers.userId, user.id));
  await db.delete(storeQualifications).where(eq(storeQualifications.userId, user.id));
  if (opts.qualified) await createStoreRepository(db).confirmQualification(user.id, 'assets', 3_000_000, null, now);
  return sessionTokenFor(t.database, uuid, now);
}
