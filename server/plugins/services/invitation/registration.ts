import { createHash } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';

import { type MgmRegisterRequest } from '../../../../src/api/contract/invitation';
import {
  type FlagRule,
  InvitationErrorCode as E,
  MGM_SMS_PREFIX,
} from '../../../../src/api/contract/invitation-constants';
import { maskName } from '../../../../src/api/contract/mask';
import { isValidPassword } from '../../../../src/lib/validators';
import type { InvitationRow } from '../../../repositories/invitation-attribution';
import type { MemberRow } from '../../../repositories/invitation-members';
import { hashPassword, isUniqueViolation } from '../../../repositories/invitation-members';
import type { UserRow } from '../../../repositories/users';
import { decryptField } from '../../../security/rsa';
import type { ServiceDeps } from '../../deps';
import { isSelfReferral, registrationFlags } from './fraud';
import { memberInfo, refuse } from './members';

// The steps of invite/register (sign-up.ts), in the order the route takes them.

/** How long a resent registration is answered with the one it repeats. */
const REGISTER_RETRY_MS = 10 * 60 * 1000;
const requestHash = (requestId: string) => createHash('sha256').update(`mgm-register:${requestId}`).digest('hex');

/** What a registration answers: the new mgmtoken, the member, and who invited them (masked). */
async function registeredAnswer(
  deps: ServiceDeps,
  member: MemberRow,
  inviterUser: UserRow | null,
  flagged: boolean,
  now: Date,
) {
  return {
    mgmtoken: await deps.repos.invitation.members.createSession(member.id, now),
    member: await memberInfo(deps, member),
    inviterName: inviterUser ? maskName(inviterUser.realName) : null,
    flagged,
  };
}

/**
 * The same attempt sent again after a dropped connection: its member, a fresh mgmtoken, nothing written twice.
 * Only for the phone and device that made it, and only for minutes (the SMS code it spent was as short-lived).
 * Null: no earlier attempt with this requestId.
 */
export async function repeatedRegistration(deps: ServiceDeps, body: MgmRegisterRequest, key: string, now: Date) {
  if (!body.requestId) return null;
  const repo = deps.repos.invitation;
  const earlier = await repo.members.byRegisterRequest(requestHash(body.requestId));
  if (!earlier) return null;
  const same =
    earlier.phone === key &&
    now.getTime() - earlier.createdAt.getTime() <= REGISTER_RETRY_MS &&
    (await repo.members.hasDevice(earlier.id, body.deviceId));
  if (!same) throw refuse(E.smsCodeExpired, '验证码已失效，请重新获取');
  const invitation = await repo.invitationOfInvitee(earlier.id);
  const inviter = invitation ? await repo.members.byId(invitation.inviterId) : null;
  const inviterUser = inviter ? await repo.members.user(inviter.userId) : null;
  return registeredAnswer(deps, earlier, inviterUser, (invitation?.flags ?? '') !== '', now);
}

/** The password as typed (sent RSA-encrypted), when strong enough. */
export async function decryptedPassword(deps: ServiceDeps, encrypted: string, now: Date): Promise<string> {
  const keys = await deps.repos.auth.rsaKeys(now);
  const password = decryptField(
    encrypted,
    keys.map((k) => k.privateKey),
  );
  if (password === null) throw refuse(E.decryptFailed, '加密信息无效，请刷新页面后重试');
  if (!isValidPassword(password)) throw refuse(E.passwordWeak, '密码需为6-20位，且包含数字、字母、符号中的至少两种');
  return password;
}

/** The SMS code's id when the code is right (spent only once the registration is known to go through). */
export async function checkedSmsCode(deps: ServiceDeps, key: string, code: string, now: Date): Promise<number> {
  // Compared and, when wrong, counted in one statement: concurrent guesses cannot all be compared.
  const checked = await deps.repos.auth.checkSmsCode(MGM_SMS_PREFIX + key, code, now);
  if (!checked.ok) {
    if (checked.reason === 'expired') throw refuse(E.smsCodeExpired, '验证码已失效，请重新获取');
    if (checked.reason === 'voided' || checked.left <= 0)
      throw refuse(E.smsCodeVoided, '验证码错误次数过多已作废，请重新获取');
    throw refuse(E.smsCodeWrong, `验证码错误，还可尝试${checked.left}次`);
  }
  return checked.id;
}

interface RegistrationAttempt {
  key: string;
  deviceId: string;
  shareCode?: string;
  user: UserRow | null;
}

/**
 * The invitation this registration counts for: the first touch within 30 days wins; the link in hand only counts
 * when there is none. A self-referral, or a phone or WeChat already a member, voids it and refuses the registration.
 */
export async function attributedInvitation(deps: ServiceDeps, who: RegistrationAttempt, now: Date) {
  const repo = deps.repos.invitation;
  const visitor = { deviceId: who.deviceId, unionId: who.user?.unionId ?? null };
  const shareInviter = who.shareCode ? await repo.members.byShareCode(who.shareCode) : null;
  if (who.shareCode && !shareInviter) throw refuse(E.shareCodeUnknown, '邀请链接无效，请向邀请人重新索取', 404);
  let invitation = await repo.firstTouch(visitor, now);

  for (const inviter of [invitation ? await repo.members.byId(invitation.inviterId) : null, shareInviter]) {
    if (!inviter) continue;
    const registrant = {
      phone: who.key,
      unionId: visitor.unionId,
      userId: who.user?.id ?? null,
      deviceId: who.deviceId,
    };
    if (await isSelfReferral(inviter, registrant, (id, device) => repo.members.hasDevice(id, device))) {
      if (invitation && invitation.inviterId === inviter.id)
        await repo.voidInvitation(invitation.id, 'self_referral', now);
      throw refuse(E.selfReferral, '不能通过自己的邀请链接注册');
    }
  }
  if (!invitation && shareInviter) invitation = (await repo.recordOpen(shareInviter.id, visitor, now)).invitation;
  if ((await repo.members.byPhone(who.key)) || (await repo.members.phoneHasAccount(who.key))) {
    if (invitation) await repo.voidInvitation(invitation.id, 'already_registered', now);
    throw refuse(E.phoneRegistered, '该手机号已注册会员，请直接登录');
  }
  const user = who.user;
  if (
    user &&
    ((await repo.members.byUserId(user.id)) || (visitor.unionId && (await repo.members.byUnionId(visitor.unionId))))
  ) {
    if (invitation) await repo.voidInvitation(invitation.id, 'already_registered', now);
    throw refuse(E.wechatRegistered, '该微信已注册会员，请直接登录');
  }
  return invitation;
}

/** The fraud flags of this registration: many from one address, or many for one inviter. */
export function flagsOf(deps: ServiceDeps, ip: string, invitation: InvitationRow | null, now: Date) {
  const repo = deps.repos.invitation;
  const inviterId = invitation?.inviterId ?? null;
  return registrationFlags(now, {
    fromIp: (since) => repo.members.registrationsFromIpSince(ip, since),
    forInviter: inviterId === null ? null : (since) => repo.registrationsForInviterSince(inviterId, since),
  });
}

/**
 * The member made (a WeChat visitor's account gets the phone; anyone else gets the phone's account), its device,
 * and the invitation marked registered; the answer names the inviter.
 */
export async function newMember(
  deps: ServiceDeps,
  request: { body: MgmRegisterRequest; ip: string; log: FastifyBaseLogger },
  reg: { key: string; password: string; user: UserRow | null; invitation: InvitationRow | null; flags: FlagRule[] },
  now: Date,
) {
  const repo = deps.repos.invitation;
  const { key, user, invitation, flags } = reg;
  const body = request.body;
  const owner = user ?? (await deps.repos.auth.customerForPhone(key, now));
  let member: MemberRow;
  try {
    member = await repo.members.insert({
      userId: owner.id,
      phone: key,
      unionId: user?.unionId ?? null,
      passwordHash: hashPassword(reg.password),
      registerIp: request.ip,
      agreementSignedAt: now,
      createdAt: now,
      registerRequest: body.requestId ? requestHash(body.requestId) : null,
    });
  } catch (err) {
    if (isUniqueViolation(err)) throw refuse(E.phoneRegistered, '该手机号或微信已注册会员，请直接登录');
    throw err;
  }
  if (user) await repo.members.linkPhone(key, user.id, now);
  await repo.members.addDevice(member.id, body.deviceId, now);
  const inviterUser = invitation
    ? await repo.members.byId(invitation.inviterId).then((m) => (m ? repo.members.user(m.userId) : null))
    : null;
  if (invitation) await repo.markRegistered(invitation.id, member.id, flags, request.ip, now);
  if (flags.length > 0) request.log.warn({ member: member.id, flags }, 'registration flagged for review');
  return registeredAnswer(deps, member, inviterUser, flags.length > 0, now);
}
