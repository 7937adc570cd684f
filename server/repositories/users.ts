import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';

import type { Db } from '../db/client';
import { sessions, users } from '../db/schema';
import { tokenHash } from '../security/token-hash';

export type UserRow = typeof users.$inferSelect;
export type SessionRow = typeof sessions.$inferSelect;

/** How long a token from getToken stays valid. */
export const SESSION_TTL_MS = 24 * 60 * 60 * 1000;

export function createUsersRepository(db: Db) {
  return {
    async findByUuid(uuid: string): Promise<UserRow | null> {
      const [row] = await db.select().from(users).where(eq(users.uuid, uuid)).limit(1);
      return row ?? null;
    },

    async findByEmployeeId(employeeId: string): Promise<UserRow | null> {
      const [row] = await db.select().from(users).where(eq(users.employeeId, employeeId)).limit(1);
      return row ?? null;
    },

    /**
     * A new opaque token; earlier ones stay valid (a user may sign in on two devices). Only its hash is
     * stored: the row answered carries the token itself, once, for the caller to hand out.
     */
    async createSession(userId: number, now: Date, ttlMs = SESSION_TTL_MS): Promise<SessionRow> {
      const token = randomBytes(24).toString('base64url');
      const [row] = await db
        .insert(sessions)
        .values({
          token: tokenHash(token),
          userId,
          createdAt: now,
          expiresAt: new Date(now.getTime() + ttlMs),
        })
        .returning();
      if (!row) throw new Error('session insert returned nothing');
      return { ...row, token };
    },

    async findSession(token: string): Promise<{ session: SessionRow; user: UserRow } | null> {
      const [row] = await db
        .select({ session: sessions, user: users })
        .from(sessions)
        .innerJoin(users, eq(users.id, sessions.userId))
        .where(eq(sessions.token, tokenHash(token)))
        .limit(1);
      return row ?? null;
    },

    async revokeSession(token: string, now: Date): Promise<void> {
      await db
        .update(sessions)
        .set({ revokedAt: now })
        .where(eq(sessions.token, tokenHash(token)));
    },
  };
}
export type UsersRepository = ReturnType<typeof createUsersRepository>;
