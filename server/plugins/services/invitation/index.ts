import { createHash } from 'node:crypto';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';

import { ErrorCode } from '../../../../src/api/contract/codes';
import { CredentialHeader } from '../../../../src/api/contract/headers';
import {
  FriendListResponse,
  GiftListResponse,
  JoinRequest,
  type MemberInfo,
  MgmRegisteredResponse,
  MgmRegisterRequest,
  MgmRsaKeyResponse,
  MgmSendCodeRequest,
  MgmSentCodeResponse,
  PageRequest,
  ShareUserInfoRequest,
  ShareUserInfoResponse,
  UserBaseInfoRequest,
  UserBaseInfoResponse,
} from '../../../../src/api/contract/invitation';
import {
  type FlagRule,
  InvitationErrorCode as E,
  MGM_SMS,
  MGM_SMS_PREFIX,
} from '../../../../src/api/contract/invitation-constants';
import { maskIdNumber, maskName, maskPhone } from '../../../../src/api/contract/mask';
import { isValidResidentId, normaliseResidentId } from '../../../../src/lib/resident-id';
import { isValidPassword, phoneProblem } from '../../../../src/lib/validators';
import { ApiError, ok, responses, tooManyRequests, unauthorized } from '../../../http/errors';
import type { TypeBoxProvider } from '../../../http/typebox';
import { enforce } from '../../../policy/content-policy';
import type { MemberRow } from '../../../repositories/invitation-members';
import { hashPassword, isUniqueViolation } from '../../../repositories/invitation-members';
import type { UserRow } from '../../../repositories/users';
import { decryptField } from '../../../security/rsa';
import { tokenFrom } from '../../../security/session';
import type { ServiceDeps, ServiceOptions } from '../../deps';
import { PHONE_REGIONS } from '../auth';
import { isSelfReferral, registrationFlags } from './fraud';

const refuse = (code: number, message: string, status = 400) => new ApiError(status, code, message);

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
async function optionalUser(deps: ServiceDeps, request: FastifyRequest): Promise<UserRow | null> {
  const token = tokenFrom(request.headers);
  if (!token) return null;
  const found = await deps.repos.users.findSession(token);
  if (!found || found.session.revokedAt || found.session.expiresAt.getTime() <= deps.now().getTime()) return null;
  return found.user;
}

/** The member of the mgmtoken header: the only source of a member's identity. */
async function memberOf(deps: ServiceDeps, request: FastifyRequest): Promise<MemberRow | null> {
  const token = request.headers[CredentialHeader.mgmToken];
  if (typeof token !== 'string' || !/^[\w-]{16,64}$/.test(token)) return null;
  return deps.repos.invitation.members.memberForToken(token, deps.now());
}

export async function requireMember(deps: ServiceDeps, request: FastifyRequest): Promise<MemberRow> {
  const member = await memberOf(deps, request);
  if (!member) throw unauthorized(ErrorCode.sessionInvalid, '请先登录会员账号');
  return member;
}

async function memberInfo(deps: ServiceDeps, member: MemberRow): Promise<MemberInfo> {
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

/** How long a resent registration is answered with the one it repeats. */
const REGISTER_RETRY_MS = 10 * 60 * 1000;
const requestHash = (requestId: string) => createHash('sha256').update(`mgm-register:${requestId}`).digest('hex');

function phoneKey(region: string, phone: string): string {
  const rule = PHONE_REGIONS.find((r) => r.code === region) ?? null;
  const problem = phoneProblem(phone, rule);
  if (problem) throw refuse(E.phoneInvalid, problem);
  return `${region}-${phone}`;
}

/** /mgm-service invite/*: the member side of the invitation program. */
export const invitationPlugin: FastifyPluginAsync<ServiceOptions> = async (fastify, { deps }) => {
  const app = fastify.withTypeProvider<TypeBoxProvider>();
  const signed = { preValidation: [deps.signed('basic')] };
  const repo = deps.repos.invitation;

  app.post('/invite/getRSA', { schema: { response: responses(MgmRsaKeyResponse) }, ...signed }, async () => {
    const [key] = await deps.repos.auth.rsaKeys(deps.now());
    return ok({ pubKey: key?.publicKey ?? '' });
  });

  app.post(
    '/invite/sendCode',
    {
      schema: { body: MgmSendCodeRequest, response: responses(MgmSentCodeResponse) },
      ...signed,
      config: { rate: 'smsCode' },
    },
    async (request) => {
      const key = MGM_SMS_PREFIX + phoneKey(request.body.region, request.body.phone);
      // Checked and stored in one locked transaction: limits hold across restarts and under concurrent sends.
      const outcome = await repo.sms.send(key, request.ip, deps.now());
      if ('refused' in outcome) {
        const wait = outcome.retryAfterSeconds;
        if (outcome.refused === 'too_soon') throw tooManyRequests(E.smsTooSoon, `请${wait}秒后再获取验证码`, wait);
        if (outcome.refused === 'phone_hourly')
          throw tooManyRequests(
            E.smsPhoneHourly,
            `该手机号1小时内获取验证码已达${MGM_SMS.perPhoneHour}次，请稍后再试`,
            wait,
          );
        throw tooManyRequests(E.smsIpDaily, '当前网络今日获取验证码次数已达上限，请明天再试', wait);
      }
      // No SMS gateway here: the code is on the local page /__local-auth/sms (the logger redacts both fields).
      request.log.info({ phone: key, code: outcome.sent.code }, 'SMS code (local: not sent)');
      return ok({ resend_in: MGM_SMS.resendSeconds, expires_in: MGM_SMS.ttlMs / 1000 });
    },
  );

  app.post(
    '/invite/getShareUserInfo',
    { schema: { body: ShareUserInfoRequest, response: responses(ShareUserInfoResponse) }, ...signed },
    async (request) => {
      const { shareCode, deviceId } = request.body;
      const found = await shareLanding(deps, shareCode);
      if (!found) throw refuse(E.shareCodeUnknown, '邀请链接无效，请向邀请人重新索取', 404);
      const { inviter, answer } = found;
      const [user, member] = await Promise.all([optionalUser(deps, request), memberOf(deps, request)]);
      const visitorMember =
        member ?? (user ? await repo.members.byUserId(user.id) : null) ?? (await memberOnDevice(deps, deviceId));
      // Members (the inviter too) open links without touching anyone's attribution.
      if (visitorMember)
        return ok({
          ...answer,
          alreadyInvited: visitorMember.id !== inviter.id,
          isSelf: visitorMember.id === inviter.id,
          isMember: true,
        });
      const { counted } = await repo.recordOpen(inviter.id, { deviceId, unionId: user?.unionId ?? null }, deps.now());
      return ok({ ...answer, alreadyInvited: !counted, isSelf: false, isMember: false });
    },
  );

  app.post(
    '/invite/register',
    {
      schema: { body: MgmRegisterRequest, response: responses(MgmRegisteredResponse) },
      ...signed,
      config: { rate: 'register' },
    },
    async (request) => {
      const body = request.body;
      const now = deps.now();
      const key = phoneKey(body.region, body.phone);
      if (!body.agree) throw refuse(E.agreementRequired, '请先阅读并同意《会员服务协议》');
      if (body.requestId) {
        // The same attempt sent again after a dropped connection: its member, a fresh mgmtoken, nothing written twice.
        // Only for the phone and device that made it, and only for minutes (the SMS code it spent was as short-lived).
        const earlier = await repo.members.byRegisterRequest(requestHash(body.requestId));
        if (earlier) {
          const same =
            earlier.phone === key &&
            now.getTime() - earlier.createdAt.getTime() <= REGISTER_RETRY_MS &&
            (await repo.members.hasDevice(earlier.id, body.deviceId));
          if (!same) throw refuse(E.smsCodeExpired, '验证码已失效，请重新获取');
          const invitation = await repo.invitationOfInvitee(earlier.id);
          const inviter = invitation ? await repo.members.byId(invitation.inviterId) : null;
          const inviterUser = inviter ? await repo.members.user(inviter.userId) : null;
          return ok({
            mgmtoken: await repo.members.createSession(earlier.id, now),
            member: await memberInfo(deps, earlier),
            inviterName: inviterUser ? maskName(inviterUser.realName) : null,
            flagged: (invitation?.flags ?? '') !== '',
          });
        }
      }
      const keys = await deps.repos.auth.rsaKeys(now);
      const password = decryptField(
        body.password,
        keys.map((k) => k.privateKey),
      );
      if (password === null) throw refuse(E.decryptFailed, '加密信息无效，请刷新页面后重试');
      if (!isValidPassword(password))
        throw refuse(E.passwordWeak, '密码需为6-20位，且包含数字、字母、符号中的至少两种');

      // Compared and, when wrong, counted in one statement: concurrent guesses cannot all be compared.
      const checked = await deps.repos.auth.checkSmsCode(MGM_SMS_PREFIX + key, body.code, now);
      if (!checked.ok) {
        if (checked.reason === 'expired') throw refuse(E.smsCodeExpired, '验证码已失效，请重新获取');
        if (checked.reason === 'voided' || checked.left <= 0)
          throw refuse(E.smsCodeVoided, '验证码错误次数过多已作废，请重新获取');
        throw refuse(E.smsCodeWrong, `验证码错误，还可尝试${checked.left}次`);
      }
      const sms = { id: checked.id };

      const user = await optionalUser(deps, request);
      const visitor = { deviceId: body.deviceId, unionId: user?.unionId ?? null };
      const shareInviter = body.shareCode ? await repo.members.byShareCode(body.shareCode) : null;
      if (body.shareCode && !shareInviter) throw refuse(E.shareCodeUnknown, '邀请链接无效，请向邀请人重新索取', 404);
      // First touch within 30 days wins; the link in hand only counts when there is none.
      let invitation = await repo.firstTouch(visitor, now);

      for (const inviter of [invitation ? await repo.members.byId(invitation.inviterId) : null, shareInviter]) {
        if (!inviter) continue;
        const who = { phone: key, unionId: visitor.unionId, userId: user?.id ?? null, deviceId: body.deviceId };
        if (await isSelfReferral(inviter, who, (id, device) => repo.members.hasDevice(id, device))) {
          if (invitation && invitation.inviterId === inviter.id)
            await repo.voidInvitation(invitation.id, 'self_referral', now);
          throw refuse(E.selfReferral, '不能通过自己的邀请链接注册');
        }
      }
      if (!invitation && shareInviter) invitation = (await repo.recordOpen(shareInviter.id, visitor, now)).invitation;
      if ((await repo.members.byPhone(key)) || (await repo.members.phoneHasAccount(key))) {
        if (invitation) await repo.voidInvitation(invitation.id, 'already_registered', now);
        throw refuse(E.phoneRegistered, '该手机号已注册会员，请直接登录');
      }
      if (
        user &&
        ((await repo.members.byUserId(user.id)) || (visitor.unionId && (await repo.members.byUnionId(visitor.unionId))))
      ) {
        if (invitation) await repo.voidInvitation(invitation.id, 'already_registered', now);
        throw refuse(E.wechatRegistered, '该微信已注册会员，请直接登录');
      }

      const inviterId = invitation?.inviterId ?? null;
      const flags = await registrationFlags(now, {
        fromIp: (since) => repo.members.registrationsFromIpSince(request.ip, since),
        forInviter: inviterId === null ? null : (since) => repo.registrationsForInviterSince(inviterId, since),
      });
      if (!(await deps.repos.auth.useSmsCode(sms.id, now))) throw refuse(E.smsCodeExpired, '验证码已失效，请重新获取');

      // A WeChat visitor's account gets the phone; anyone else gets the phone's account.
      const owner = user ?? (await deps.repos.auth.customerForPhone(key, now));
      let member: MemberRow;
      try {
        member = await repo.members.insert({
          userId: owner.id,
          phone: key,
          unionId: visitor.unionId,
          passwordHash: hashPassword(password),
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
      const mgmtoken = await repo.members.createSession(member.id, now);
      return ok({
        mgmtoken,
        member: await memberInfo(deps, member),
        inviterName: inviterUser ? maskName(inviterUser.realName) : null,
        flagged: flags.length > 0,
      });
    },
  );

  app.post(
    '/invite/userBaseInfo',
    { schema: { body: UserBaseInfoRequest, response: responses(UserBaseInfoResponse) }, ...signed },
    async (request) => {
      const now = deps.now();
      let member = await memberOf(deps, request);
      let mgmtoken: string | undefined;
      if (!member) {
        // Sign-in: a signed-in user who is a member gets an mgmtoken; one who is not joins only by tapping 加入.
        const user = await optionalUser(deps, request);
        if (!user) throw unauthorized(ErrorCode.sessionInvalid, '请先登录会员账号');
        member = await repo.members.byUserId(user.id);
        if (!member) throw refuse(E.notMember, '你还没有加入邀请计划', 404);
        mgmtoken = await repo.members.createSession(member.id, now);
      }
      if (request.body.deviceId) await repo.members.addDevice(member.id, request.body.deviceId, now);
      const identity = request.body.identity;
      // A verified member stays verified: a second submission changes nothing (and grants nothing).
      if (identity && !member.verifiedAt) {
        const idNumber = normaliseResidentId(identity.idNumber);
        if (!isValidResidentId(idNumber)) throw refuse(E.identityInvalid, '身份证号码有误，请核对后重新输入');
        const realName = identity.realName.trim();
        // The name is shown to invitees and on the public Q&A: it meets the content policy like any text,
        // first, so a promise typed as a name is refused with the policy's reason (and on the trail).
        await enforce(deps, realName, { place: 'name', actorId: member.userId, subject: `member:${member.id}` });
        if (!/^[\u4e00-\u9fa5·]{2,20}$/.test(realName)) throw refuse(E.identityInvalid, '请输入身份证上的中文姓名');
        await repo.members.setRealName(member.userId, realName);
        // Only the masked number is kept and logged; the full one is checked and dropped.
        await repo.markVerified(member.id, maskIdNumber(idNumber), now);
        request.log.info({ member: member.id, idNumber: maskIdNumber(idNumber) }, 'member identity verified');
        member = (await repo.members.byId(member.id)) ?? member;
      }
      return ok({ ...(await memberInfo(deps, member)), ...(mgmtoken ? { mgmtoken } : {}) });
    },
  );

  app.post(
    '/invite/join',
    { schema: { body: JoinRequest, response: responses(UserBaseInfoResponse) }, ...signed },
    async (request) => {
      const now = deps.now();
      const user = await optionalUser(deps, request);
      if (!user) throw unauthorized(ErrorCode.sessionInvalid, '请先登录后再加入');
      // Joining twice is one membership: the member row is keyed by the user.
      const member = await repo.members.forUser(user, now);
      if (request.body.deviceId) await repo.members.addDevice(member.id, request.body.deviceId, now);
      const mgmtoken = await repo.members.createSession(member.id, now);
      request.log.info({ member: member.id }, 'joined the invitation program');
      return ok({ ...(await memberInfo(deps, member)), mgmtoken });
    },
  );

  app.post(
    '/invite/friendList',
    { schema: { body: PageRequest, response: responses(FriendListResponse) }, ...signed },
    async (request) => {
      const member = await requireMember(deps, request);
      const { page = 1, pageSize = 20 } = request.body;
      const { total, rows } = await repo.friendList(member.id, page, pageSize, deps.now());
      const list = rows.map(({ inv, phone, name }) => ({
        id: inv.id,
        phone: maskedPhone(phone),
        name: name === null ? null : maskName(name),
        state: inv.state,
        voidReason: inv.voidReason,
        flags: inv.flags ? (inv.flags.split(',') as FlagRule[]) : [],
        openedAt: Math.floor(inv.openedAt.getTime() / 1000),
        registeredAt: inv.registeredAt ? Math.floor(inv.registeredAt.getTime() / 1000) : null,
      }));
      return ok({ list, total, page, pageSize });
    },
  );

  app.post(
    '/invite/giftList',
    { schema: { body: PageRequest, response: responses(GiftListResponse) }, ...signed },
    async (request) => {
      const member = await requireMember(deps, request);
      const { page = 1, pageSize = 20 } = request.body;
      const { total, pendingPoints, grantedPoints, rows } = await repo.giftList(member.id, page, pageSize);
      const list = rows.map(({ reward, phone }) => ({
        id: reward.id,
        kind: reward.kind,
        points: reward.points,
        state: reward.state,
        voidReason: reward.voidReason,
        friendPhone: maskedPhone(phone),
        createdAt: Math.floor(reward.createdAt.getTime() / 1000),
      }));
      return ok({ list, total, page, pageSize, pendingPoints, grantedPoints });
    },
  );
};

async function memberOnDevice(deps: ServiceDeps, deviceId: string): Promise<MemberRow | null> {
  const id = await deps.repos.invitation.members.memberOnDevice(deviceId);
  return id === null ? null : deps.repos.invitation.members.byId(id);
}
