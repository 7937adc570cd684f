import type { FastifyPluginAsync } from 'fastify';

import { ShareUserInfoRequest, ShareUserInfoResponse } from '../../../../src/api/contract/invitation';
import { InvitationErrorCode as E } from '../../../../src/api/contract/invitation-constants';
import { ok, responses } from '../../../http/errors';
import type { TypeBoxProvider } from '../../../http/typebox';
import type { ServiceOptions } from '../../deps';
import { memberOf, memberOnDevice, optionalUser, refuse, shareLanding } from './members';

/** invite/getShareUserInfo: the landing of a share link, which records the visitor's first touch. */
export const landingRoutes: FastifyPluginAsync<ServiceOptions> = async (fastify, { deps }) => {
  const app = fastify.withTypeProvider<TypeBoxProvider>();
  const signed = { preValidation: [deps.signed('basic')] };
  const repo = deps.repos.invitation;

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
};
