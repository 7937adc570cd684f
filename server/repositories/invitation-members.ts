import { randomBytes, randomInt, scryptSync, timingSafeEqual } from 'node:crypto';
import { eq } from 'drizzle-orm';

import type { Db } from '../db/client';
import { mgmMembers, phoneAccounts, users } from '../db/schema';
import { createMemberDevicesRepository } from './invitation-member-devices';
import type { UserRow } from './users';

export type MemberRow = typeof mgmMembers.$inferSelect;

const SHARE_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
export function newShareCode(): string {
  return Array.from({ length: 8 }, () => SHARE_ALPHABET[randomInt(0, SHARE_ALPHABET.length)]).join('');
}

/** scrypt with a per-password salt: only the hash is kept. */
export function hashPassword(password: string): string {
  const salt = randomBytes(16);
  return `scrypt$${salt.toString('base64')}$${scryptSync(password, salt, 32).toString('base64')}`;
}
export function passwordMatches(password: string, stored: string): boolean {
  const [, salt, hash] = stored.split('$');
  if (!salt || !hash) return false;
  const want = Buffer.from(hash, 'base64');
  const got = scryptSync(password, Buffer.from(salt, 'base64'), want.length);
  return timingSafeEqual(want, got);
}

/** Postgres unique violation (both drivers report the SQLSTATE as `code`). */
export function isUniqueViolation(err: unknown): boolean {
  const e = err as { code?: string; cause?: { code?: string } } | null;
  return e?.code === '23505' || e?.cause?.code === '23505';
}

/** Members, their devices and mgmtoken sessions. */
export function createMemberRepository(db: Db) {
  const one = async (where: ReturnType<typeof eq>): Promise<MemberRow | null> => {
    const [row] = await db.select().from(mgmMembers).where(where).limit(1);
    return row ?? null;
  };
  return {
    ...createMemberDevicesRepository(db),
    byId: (id: number) => one(eq(mgmMembers.id, id)),
    byUserId: (userId: number) => one(eq(mgmMembers.userId, userId)),
    byPhone: (phone: string) => one(eq(mgmMembers.phone, phone)),
    byUnionId: (unionId: string) => one(eq(mgmMembers.unionId, unionId)),
    byShareCode: (code: string) => one(eq(mgmMembers.shareCode, code)),

    async user(userId: number): Promise<UserRow | null> {
      const [row] = await db.select().from(users).where(eq(users.id, userId)).limit(1);
      return row ?? null;
    },

    /** A phone that signed in by SMS elsewhere already has an account. */
    async phoneHasAccount(phone: string): Promise<boolean> {
      const [row] = await db
        .select({ p: phoneAccounts.phone })
        .from(phoneAccounts)
        .where(eq(phoneAccounts.phone, phone))
        .limit(1);
      return Boolean(row);
    },

    async linkPhone(phone: string, userId: number, now: Date): Promise<void> {
      await db.insert(phoneAccounts).values({ phone, userId, createdAt: now }).onConflictDoNothing();
    },

    async insert(values: Omit<typeof mgmMembers.$inferInsert, 'shareCode'>): Promise<MemberRow> {
      // A share code collision (1 in 10^12) only costs a retry.
      for (let i = 0; ; i += 1) {
        try {
          const [row] = await db
            .insert(mgmMembers)
            .values({ ...values, shareCode: newShareCode() })
            .returning();
          if (!row) throw new Error('member insert returned nothing');
          return row;
        } catch (err) {
          const share = String(
            (err as { constraint?: string; cause?: { constraint?: string } }).cause?.constraint ??
              (err as { constraint?: string }).constraint ??
              '',
          );
          if (i < 3 && isUniqueViolation(err) && share.includes('share_code')) continue;
          throw err;
        }
      }
    },

    /** Sign-in with a user token: the user's member record, opened on first use. */
    async forUser(user: UserRow, now: Date): Promise<MemberRow> {
      const known = await this.byUserId(user.id);
      if (known) return known;
      const [phone] = await db
        .select({ p: phoneAccounts.phone })
        .from(phoneAccounts)
        .where(eq(phoneAccounts.userId, user.id))
        .limit(1);
      const unionFree = user.unionId ? !(await this.byUnionId(user.unionId)) : false;
      const phoneFree = phone ? !(await this.byPhone(phone.p)) : false;
      try {
        return await this.insert({
          userId: user.id,
          phone: phoneFree ? phone!.p : null,
          unionId: unionFree ? user.unionId : null,
          createdAt: now,
        });
      } catch (err) {
        if (!isUniqueViolation(err)) throw err;
        const again = await this.byUserId(user.id);
        if (again) return again;
        throw err;
      }
    },

    /** The verified real name replaces the placeholder name a phone sign-up got. */
    async setRealName(userId: number, realName: string): Promise<void> {
      await db.update(users).set({ realName }).where(eq(users.id, userId));
    },

    async markVerified(memberId: number, idNumberMasked: string, now: Date): Promise<void> {
      await db.update(mgmMembers).set({ verifiedAt: now, idNumberMasked }).where(eq(mgmMembers.id, memberId));
    },
  };
}
