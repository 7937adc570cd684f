import type { FastifyPluginAsync } from 'fastify';

import { ErrorCode } from '../../../../src/api/contract/codes';
import { JoinRequest, UserBaseInfoRequest, UserBaseInfoResponse } from '../../../../src/api/contract/invitation';
import { InvitationErrorCode as E } from '../../../../src/api/contract/invitation-constants';
import { maskIdNumber } from '../../../../src/api/contract/mask';
import { isValidResidentId, normaliseResidentId } from '../../../../src/lib/resident-id';
import { ok, responses, unauthorized } from '../../../http/errors';
import type { TypeBoxProvider } from '../../../http/typebox';
import { enforce } from '../../../policy/content-policy';
import type { ServiceOptions } from '../../deps';
import { memberInfo, memberOf, optionalUser, refuse } from './members';

/** invite/userBaseInfo, invite/join: a member's own record, identity verification and joining as a signed-in user. */
export const membershipRoutes: FastifyPluginAsync<ServiceOptions> = async (fastify, { deps }) => {
  const app = fastify.withTypeProvider<TypeBoxProvider>();
  const signed = { preValidation: [deps.signed('basic')] };
  const repo = deps.repos.invitation;

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
};
