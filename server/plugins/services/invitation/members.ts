import type { FastifyRequest } from 'fastify';

import { ErrorCode } from '../../../../src/api/contract/codes';
import { CredentialHeader } from '../../../../src/api/contract/headers';
import { type MemberInfo } from '../../../../src/api/contract/invitation';
import { InvitationErrorCode as E } from '../../../../src/api/contract/invitation-constants';
import { maskName, maskPhone } from '../../../../src/api/contract/mask';
import { phoneProblem } from '../../../../src/lib/validators';
import { ApiError, unauthorized } from '../../../http/errors';
import type { MemberRow } from '../../../repositories/invitation-members';
import type { UserRow } from '../../../repositories/users';
import { tokenFrom } from '../../../security/session';
import type { ServiceDeps } from '../../deps';
import { PHONE_REGIONS } from '../auth';

export const refuse = (code: number, message: string, status = 400) => new ApiError(status, code, message);

/** What membership gives, shown on the landing page. */
/** Who invites by this share code, as the landing shows it to anyone (also what the server renders, server/ssr); null: unknown code. */
export async function shareLanding(deps: ServiceDeps, shareCode: string) {
  const repo = deps.repos.invitation;
  const inviter = await repo.members.byShareCode(shareCode);
  if (!inviter) return null;
  const inviterUser = await repo.members.user(inviter.userId);
  return {
    inviter,
    answer: {
      inviterName: maskName(inviterUser?.realName ?? '会员'),
      inviterAvatar: inviterUser?.avatar ?? '',
      benefits: MEMBER_BENEFITS,
    },
  };
}

export const MEMBER_BENEFITS = [
  '免费观看全部投教直播与回放',
  '专属理财师一对一解读市场',
  '会员学习任务，完成即得积分',
  '新品发布与路演优先预约',
];

/** The national number of a stored "86-13800000000", masked. */
export const maskedPhone = (key: string | null): string | null =>
  key === null ? null : maskPhone(key.slice(key.indexOf('-') + 1));

/** The signed-in user behind Authorization/token, or null (anonymous visitor). */
export async function optionalUser(deps: ServiceDeps, request: FastifyRequest): Promise<UserRow | null> {
  const token = tokenFrom(request.headers);
  if (!token) return null;
  const found = await deps.repos.users.findSession(token);
  if (!found || found.session.revokedAt || found.session.expiresAt.getTime() <= deps.now().getTime()) return null;
  return found.user;
}

/** The member of the mgmtoken header: the only source of a member's identity. */
export async function memberOf(deps: ServiceDeps, request: FastifyRequest): Promise<MemberRow | null> {
  const token = request.headers[CredentialHeader.mgmToken];
  if (typeof token !== 'string' || !/^[\w-]{16,64}$/.test(token)) return null;
  return deps.repos.invitation.members.memberForToken(token, deps.now());
}

export async function requireMember(deps: ServiceDeps, request: FastifyRequest): Promise<MemberRow> {
  const member = await memberOf(deps, request);
  if (!member) throw unauthorized(ErrorCode.sessionInvalid, '请先登录会员账号');
  return member;
}

export async function memberInfo(deps: ServiceDeps, member: MemberRow): Promise<MemberInfo> {
  const user = await deps.repos.invitation.members.user(member.userId);
  return {
    memberId: member.id,
    phone: maskedPhone(member.phone) ?? '',
    name: user?.realName ?? '',
    avatar: user?.avatar ?? '',
    shareCode: member.shareCode,
    verified: member.verifiedAt !== null,
    idNumber: member.idNumberMasked,
    invitedCount: await deps.repos.invitation.invitedCount(member.id),
    rewardPoints: await deps.repos.invitation.grantedPoints(member.id),
  };
}

export async function memberOnDevice(deps: ServiceDeps, deviceId: string): Promise<MemberRow | null> {
  const id = await deps.repos.invitation.members.memberOnDevice(deviceId);
  return id === null ? null : deps.repos.invitation.members.byId(id);
}

/** The stored key of a phone: "86-13800000000"; a number its region refuses is a 400. */
export function phoneKey(region: string, phone: string): string {
  const rule = PHONE_REGIONS.find((r) => r.code === region) ?? null;
  const problem = phoneProblem(phone, rule);
  if (problem) throw refuse(E.phoneInvalid, problem);
  return `${region}-${phone}`;
}
