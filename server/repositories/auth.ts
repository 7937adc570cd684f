import { generateKeyPairSync, randomBytes } from 'node:crypto';
import { and, desc, eq, isNull } from 'drizzle-orm';

import { AUTH_CODE_TTL_MS } from '../../src/api/contract/auth-constants';
import { maskPhone } from '../../src/api/contract/mask';
import type { Db } from '../db/client';
import { authCodes, phoneAccounts, rsaKeys, smsCodes, users } from '../db/schema';
import { checkSmsCode, sendSmsCode, type SmsCheck, type SmsSendOutcome } from './sms-lock';
import type { UserRow } from './users';

export type AuthCodeKind = 'wecom' | 'wechat' | 'login';
/** used → 40163, invalid (unknown, expired, other app or kind) → 40029, as WeChat answers. */
export type CodeOutcome = { ok: true; user: UserRow } | { ok: false; reason: 'used' | 'invalid' };
export type SmsRow = typeof smsCodes.$inferSelect;

/** Sign-in data: authorization codes, SMS codes, the RSA key pair, phone accounts. */
export function createAuthRepository(db: Db) {
  return {
    async listUsers(role: 'adviser' | 'customer'): Promise<UserRow[]> {
      return db.select().from(users).where(eq(users.role, role)).orderBy(users.id);
    },

    async issueCode(kind: AuthCodeKind, appId: string, userId: number, now: Date): Promise<string> {
      const code = randomBytes(24).toString('base64url');
      await db
        .insert(authCodes)
        .values({ code, kind, appId, userId, createdAt: now, expiresAt: new Date(now.getTime() + AUTH_CODE_TTL_MS) });
      return code;
    },

    async consumeCode(code: string, kind: AuthCodeKind, appId: string | null, now: Date): Promise<CodeOutcome> {
      const [row] = await db.select().from(authCodes).where(eq(authCodes.code, code)).limit(1);
      if (!row || row.kind !== kind || (appId !== null && row.appId !== appId)) return { ok: false, reason: 'invalid' };
      if (row.usedAt) return { ok: false, reason: 'used' };
      if (row.expiresAt.getTime() <= now.getTime()) return { ok: false, reason: 'invalid' };
      // The conditional update makes two simultaneous exchanges of one code yield one winner.
      const won = await db
        .update(authCodes)
        .set({ usedAt: now })
        .where(and(eq(authCodes.code, code), isNull(authCodes.usedAt)))
        .returning({ userId: authCodes.userId });
      if (won.length === 0) return { ok: false, reason: 'used' };
      const [user] = await db.select().from(users).where(eq(users.id, row.userId)).limit(1);
      return user ? { ok: true, user } : { ok: false, reason: 'invalid' };
    },

    /** A sign-in code under the one SMS rule (sms-lock.ts): refused with the wait, or sent. */
    sendSmsCode(phone: string, address: string, now: Date): Promise<SmsSendOutcome> {
      return sendSmsCode(db, phone, address, now);
    },

    /** A typed code checked against the phone's newest one, a wrong try counted in the same statement. */
    checkSmsCode(phone: string, code: string, now: Date): Promise<SmsCheck> {
      return checkSmsCode(db, phone, code, now);
    },

    /** The newest unused code of a phone: only the last one sent counts. */
    async latestSmsCode(phone: string): Promise<SmsRow | null> {
      const [row] = await db
        .select()
        .from(smsCodes)
        .where(eq(smsCodes.phone, phone))
        .orderBy(desc(smsCodes.id))
        .limit(1);
      return row ?? null;
    },

    async recentSmsCodes(limit: number): Promise<SmsRow[]> {
      return db.select().from(smsCodes).orderBy(desc(smsCodes.id)).limit(limit);
    },

    async useSmsCode(id: number, now: Date): Promise<boolean> {
      const won = await db
        .update(smsCodes)
        .set({ usedAt: now })
        .where(and(eq(smsCodes.id, id), isNull(smsCodes.usedAt)))
        .returning({ id: smsCodes.id });
      return won.length > 0;
    },

    /** Every stored key, newest first; one is generated (and kept) on first use. */
    async rsaKeys(now: Date): Promise<Array<{ publicKey: string; privateKey: string }>> {
      const rows = await db.select().from(rsaKeys).orderBy(desc(rsaKeys.id)).limit(3);
      if (rows.length > 0) return rows;
      const pair = generateKeyPairSync('rsa', {
        modulusLength: 2048,
        publicKeyEncoding: { type: 'spki', format: 'pem' },
        privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
      });
      await db.insert(rsaKeys).values({ publicKey: pair.publicKey, privateKey: pair.privateKey, createdAt: now });
      return [pair];
    },

    /** The customer account of a phone number, opened on its first sign-in. */
    async customerForPhone(phone: string, now: Date): Promise<UserRow> {
      const [known] = await db
        .select({ user: users })
        .from(phoneAccounts)
        .innerJoin(users, eq(users.id, phoneAccounts.userId))
        .where(eq(phoneAccounts.phone, phone))
        .limit(1);
      if (known) return known.user;
      const id = randomBytes(5).toString('hex');
      const digits = phone.replace(/\D/g, '');
      const [user] = await db
        .insert(users)
        .values({
          uuid: `m${id}`,
          employeeId: `M${id.toUpperCase()}`,
          realName: `用户${digits.slice(-4)}`,
          avatar: '',
          role: 'customer',
          phone: maskPhone(digits),
          createdAt: now,
        })
        .returning();
      if (!user) throw new Error('user insert returned nothing');
      await db.insert(phoneAccounts).values({ phone, userId: user.id, createdAt: now }).onConflictDoNothing();
      return user;
    },
  };
}
