import { eq } from 'drizzle-orm';

import type { Db } from '../client';
import { users } from '../schema';

/**
 * The advisers' 从业资格编号 (fund practitioner qualification), shown on the customer-facing product
 * pages beside their name (docs/workbench.md#suitability-and-contact-limits). Derived from the employee id
 * so every seed gives the same numbers.
 */
export async function seedAdviserCertificates(db: Db): Promise<number> {
  const advisers = await db
    .select({ id: users.id, employeeId: users.employeeId })
    .from(users)
    .where(eq(users.role, 'adviser'));
  for (const a of advisers) {
    const digits = a.employeeId.replace(/\D/g, '').padStart(6, '0');
    await db
      .update(users)
      .set({ certificateNo: `F0310${digits}${String((a.id * 7919) % 1000).padStart(3, '0')}` })
      .where(eq(users.id, a.id));
  }
  return advisers.length;
}
