import {
  type FlagRule,
  INVITER_HOURLY_REGISTRATIONS,
  INVITER_WINDOW_MS,
  IP_DAILY_REGISTRATIONS,
  IP_WINDOW_MS,
} from '../../../../src/api/contract/invitation-constants';
import type { MemberRow } from '../../../repositories/invitation-members';

/** The person registering, as far as telling them apart from an inviter goes. */
export interface Registrant {
  /** The phone key (`region-number`). */
  phone: string;
  unionId: string | null;
  /** The signed-in WeChat user's account, if any. */
  userId: number | null;
  deviceId: string;
}

/**
 * A self-referral: the inviter is the person registering, by phone, WeChat union id, account, or a device the
 * inviter has used. Such a registration is refused, not flagged.
 */
export async function isSelfReferral(
  inviter: Pick<MemberRow, 'id' | 'phone' | 'unionId' | 'userId'>,
  who: Registrant,
  hasDevice: (memberId: number, deviceId: string) => Promise<boolean>,
): Promise<boolean> {
  return (
    inviter.phone === who.phone ||
    (who.unionId !== null && inviter.unionId === who.unionId) ||
    (who.userId !== null && inviter.userId === who.userId) ||
    (await hasDevice(inviter.id, who.deviceId))
  );
}

/** How many registrations came before this one, counted from a given instant. */
export interface RegistrationCounts {
  fromIp(since: Date): Promise<number>;
  /** Null without an invitation: there is no inviter to count for. */
  forInviter: ((since: Date) => Promise<number>) | null;
}

/**
 * The fraud rules that let a registration in but hold its rewards for review: the 4th and later registration from
 * one address in 24 hours, the 11th and later for one inviter in an hour.
 */
export async function registrationFlags(now: Date, counts: RegistrationCounts): Promise<FlagRule[]> {
  const flags: FlagRule[] = [];
  if ((await counts.fromIp(new Date(now.getTime() - IP_WINDOW_MS))) >= IP_DAILY_REGISTRATIONS) flags.push('ip_daily');
  if (
    counts.forInviter &&
    (await counts.forInviter(new Date(now.getTime() - INVITER_WINDOW_MS))) >= INVITER_HOURLY_REGISTRATIONS
  )
    flags.push('inviter_hourly');
  return flags;
}
