import { randomBytes } from 'node:crypto';
import { and, eq, gt } from 'drizzle-orm';

import { MGM_SESSION_TTL_MS } from '../../src/api/contract/invitation-constants';
import type { Db } from '../db/client';
import { mgmDevices, mgmMembers, mgmSessions } from '../db/schema';
import { tokenHash } from '../security/token-hash';
import { countRows } from './query-helpers';

type MemberRow = typeof mgmMembers.$inferSelect;

/** Where members come from and sign in: their devices, their registrations' traces (request, IP), mgmtoken sessions. */
export function createMemberDevicesRepository(db: Db) {
  return {
    async addDevice(memberId: number, deviceId: string, now: Date): Promise<void> {
      await db
        .insert(mgmDevices)
        .values({ memberId, deviceId, seenAt: now })
        .onConflictDoUpdate({ target: [mgmDevices.memberId, mgmDevices.deviceId], set: { seenAt: now } });
    },

    /** The member a registration with this requestId (hashed) created, if any. */
    async byRegisterRequest(hash: string): Promise<MemberRow | null> {
      const [row] = await db.select().from(mgmMembers).where(eq(mgmMembers.registerRequest, hash));
      return row ?? null;
    },
    async hasDevice(memberId: number, deviceId: string): Promise<boolean> {
      const [row] = await db
        .select({ m: mgmDevices.memberId })
        .from(mgmDevices)
        .where(and(eq(mgmDevices.memberId, memberId), eq(mgmDevices.deviceId, deviceId)))
        .limit(1);
      return Boolean(row);
    },

    /** A member already registered from this device (one registration per device is not a rule; used for attribution display). */
    async memberOnDevice(deviceId: string): Promise<number | null> {
      const [row] = await db
        .select({ m: mgmDevices.memberId })
        .from(mgmDevices)
        .where(eq(mgmDevices.deviceId, deviceId))
        .limit(1);
      return row?.m ?? null;
    },

    async registrationsFromIpSince(ip: string, since: Date): Promise<number> {
      return countRows(db, mgmMembers, and(eq(mgmMembers.registerIp, ip), gt(mgmMembers.createdAt, since)));
    },

    async createSession(memberId: number, now: Date): Promise<string> {
      const token = randomBytes(24).toString('base64url');
      await db.insert(mgmSessions).values({
        token: tokenHash(token),
        memberId,
        createdAt: now,
        expiresAt: new Date(now.getTime() + MGM_SESSION_TTL_MS),
      });
      return token;
    },

    /** The member behind a live mgmtoken, or null (unknown or expired). */
    async memberForToken(token: string, now: Date): Promise<MemberRow | null> {
      const [row] = await db
        .select({ member: mgmMembers, expiresAt: mgmSessions.expiresAt })
        .from(mgmSessions)
        .innerJoin(mgmMembers, eq(mgmMembers.id, mgmSessions.memberId))
        .where(eq(mgmSessions.token, tokenHash(token)))
        .limit(1);
      if (!row || row.expiresAt.getTime() <= now.getTime()) return null;
      return row.member;
    },
  };
}
