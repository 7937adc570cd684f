import { randomInt } from 'node:crypto';
import { and, asc, desc, eq, gt, sql } from 'drizzle-orm';

import {
  SMS_CODE_MAX_ATTEMPTS,
  SMS_CODE_TTL_MS,
  SMS_PER_ADDRESS_DAY,
  SMS_PER_PHONE_HOUR,
  SMS_RESEND_SECONDS,
} from '../../src/api/contract/auth-constants';
import type { Db } from '../db/client';
import { smsCodes } from '../db/schema';

/** Advisory-lock namespaces: one for phones, one for addresses, so their hashes never collide. */
const LOCK_PHONE = 19_001;
const LOCK_ADDRESS = 19_002;
const HOUR_MS = 60 * 60 * 1000;
const DAY_MS = 24 * HOUR_MS;

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
export type SmsRow = typeof smsCodes.$inferSelect;

/** Why a send was refused, and when the same send would pass (the 429's Retry-After). */
export type SmsRefusal = { refused: 'too_soon' | 'phone_hourly' | 'ip_daily'; retryAfterSeconds: number };
export type SmsSendOutcome = { sent: SmsRow } | SmsRefusal;

/**
 * Runs an SMS send's checks and insert in one transaction that first locks the phone, then the address
 * (always that order: no deadlock), so sends at the same moment queue and every limit read inside holds,
 * across processes and restarts.
 */
function locked<T>(db: Db, phone: string, address: string, send: (tx: Tx) => Promise<T>): Promise<T> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${LOCK_PHONE}::int, hashtext(${phone}))`);
    await tx.execute(sql`select pg_advisory_xact_lock(${LOCK_ADDRESS}::int, hashtext(${address}))`);
    return send(tx);
  });
}

/**
 * Seconds until fewer than `limit` sends remain in the window: the send that must age out is the
 * (n - limit + 1)-th oldest of the n in the window. 0 when under the limit.
 */
async function waitForWindow(
  tx: Tx,
  by: 'phone' | 'address',
  key: string,
  windowMs: number,
  limit: number,
  now: Date,
): Promise<number> {
  const rows = await tx
    .select({ createdAt: smsCodes.createdAt })
    .from(smsCodes)
    .where(
      and(
        by === 'phone' ? eq(smsCodes.phone, key) : eq(smsCodes.address, key),
        gt(smsCodes.createdAt, new Date(now.getTime() - windowMs)),
      ),
    )
    .orderBy(asc(smsCodes.createdAt));
  if (rows.length < limit) return 0;
  const ages = rows[rows.length - limit]!.createdAt.getTime() + windowMs - now.getTime();
  return Math.max(1, Math.ceil(ages / 1000));
}

/**
 * The one SMS send of the app (sign-in, invitation, contract signing): 60 s between sends to a phone,
 * 5 an hour per phone, 20 a day per address, each code valid 5 minutes.
 */
export function sendSmsCode(db: Db, phone: string, address: string, now: Date): Promise<SmsSendOutcome> {
  return locked(db, phone, address, async (tx) => {
    const [last] = await tx
      .select({ createdAt: smsCodes.createdAt })
      .from(smsCodes)
      .where(eq(smsCodes.phone, phone))
      .orderBy(desc(smsCodes.id))
      .limit(1);
    const wait = last ? Math.ceil((last.createdAt.getTime() + SMS_RESEND_SECONDS * 1000 - now.getTime()) / 1000) : 0;
    if (wait > 0) return { refused: 'too_soon', retryAfterSeconds: wait };
    const hourly = await waitForWindow(tx, 'phone', phone, HOUR_MS, SMS_PER_PHONE_HOUR, now);
    if (hourly > 0) return { refused: 'phone_hourly', retryAfterSeconds: hourly };
    const daily = await waitForWindow(tx, 'address', address, DAY_MS, SMS_PER_ADDRESS_DAY, now);
    if (daily > 0) return { refused: 'ip_daily', retryAfterSeconds: daily };
    const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
    const [row] = await tx
      .insert(smsCodes)
      .values({ phone, code, address, createdAt: now, expiresAt: new Date(now.getTime() + SMS_CODE_TTL_MS) })
      .returning();
    if (!row) throw new Error('sms insert returned nothing');
    return { sent: row };
  });
}

/** A code check: `ok` leaves the code unused (the caller spends it with useSmsCode once the rest holds). */
export type SmsCheck =
  | { ok: true; id: number; expiresAt: Date }
  | { ok: false; reason: 'expired' }
  | { ok: false; reason: 'voided' }
  /** `left`: wrong tries still allowed; 0 means this try voided the code. */
  | { ok: false; reason: 'wrong'; left: number };

/**
 * Checks a typed code against the phone's newest one and counts a wrong try IN THE SAME STATEMENT:
 * the update's `attempts < 5` is re-read under the row's lock, so concurrent guesses queue on the row
 * and at most 5 of them are ever compared, however many arrive at once (PostgreSQL re-checks the
 * condition on the row each waiting update finds; PGlite runs one statement at a time).
 */
export async function checkSmsCode(db: Db, phone: string, code: string, now: Date): Promise<SmsCheck> {
  const newest = sql`(select ${smsCodes.id} from ${smsCodes} where ${smsCodes.phone} = ${phone} order by ${smsCodes.id} desc limit 1)`;
  const [row] = await db
    .update(smsCodes)
    .set({ attempts: sql`${smsCodes.attempts} + case when ${smsCodes.code} = ${code} then 0 else 1 end` })
    .where(
      and(
        sql`${smsCodes.id} = ${newest}`,
        sql`${smsCodes.usedAt} is null`,
        gt(smsCodes.expiresAt, now),
        sql`${smsCodes.attempts} < ${SMS_CODE_MAX_ATTEMPTS}`,
      ),
    )
    .returning({
      id: smsCodes.id,
      attempts: smsCodes.attempts,
      expiresAt: smsCodes.expiresAt,
      matched: sql<boolean>`${smsCodes.code} = ${code}`,
    });
  if (row)
    return row.matched
      ? { ok: true, id: row.id, expiresAt: row.expiresAt }
      : { ok: false, reason: 'wrong', left: SMS_CODE_MAX_ATTEMPTS - row.attempts };
  const [latest] = await db
    .select()
    .from(smsCodes)
    .where(eq(smsCodes.phone, phone))
    .orderBy(desc(smsCodes.id))
    .limit(1);
  const live = latest && !latest.usedAt && latest.expiresAt.getTime() > now.getTime();
  return live && latest.attempts >= SMS_CODE_MAX_ATTEMPTS
    ? { ok: false, reason: 'voided' }
    : { ok: false, reason: 'expired' };
}
