import type { FastifyPluginAsync } from 'fastify';

import { FriendListResponse, GiftListResponse, PageRequest } from '../../../../src/api/contract/invitation';
import { type FlagRule } from '../../../../src/api/contract/invitation-constants';
import { maskName } from '../../../../src/api/contract/mask';
import { ok, responses } from '../../../http/errors';
import type { TypeBoxProvider } from '../../../http/typebox';
import type { ServiceOptions } from '../../deps';
import { maskedPhone, requireMember } from './members';

/** invite/friendList, invite/giftList: whom a member invited and what it earned them. */
export const friendsRoutes: FastifyPluginAsync<ServiceOptions> = async (fastify, { deps }) => {
  const app = fastify.withTypeProvider<TypeBoxProvider>();
  const signed = { preValidation: [deps.signed('basic')] };
  const repo = deps.repos.invitation;

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
