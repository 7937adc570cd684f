import { Type } from '@sinclair/typebox';
import type { FastifyPluginAsync } from 'fastify';

import {
  ReachBridgeResponse,
  ReachCallRequest,
  ReachCallResponse,
  ReachOutcomeRequest,
  ReachOutcomeResponse,
  ReachRecentQuery,
  ReachRecentResponse,
} from '../../../src/api/contract/market-map-reach';
import { notFound, ok, responses } from '../../http/errors';
import type { TypeBoxProvider } from '../../http/typebox';
import type { ServiceOptions } from '../deps';
import { oneTarget, reachMessageRoutes } from './market-map-reach-messages';
import { adviserId, requireSidAdviser } from './market-map-session';

const CALL_ROUTE = '/chance/reach/call';

/**
 * Calls and messages to a customer or a clue's visitor. The number never leaves the server: a call
 * gets a one-time link to the firm's bridge (here a stand-in that records the dial), and every
 * start and outcome is a row in the reach trail.
 */
export const marketMapReachPlugin: FastifyPluginAsync<ServiceOptions> = async (fastify, { deps }) => {
  const app = fastify.withTypeProvider<TypeBoxProvider>();
  const guard = [deps.signed('marketMap'), requireSidAdviser(deps)];
  const repo = deps.repos.reach;
  await app.register(reachMessageRoutes, { deps });

  app.post(
    CALL_ROUTE,
    { schema: { body: ReachCallRequest, response: responses(ReachCallResponse) }, preValidation: guard },
    async (request) => {
      oneTarget(request.body);
      const started = await repo.startCall(adviserId(request), request.body, deps.now());
      if (!started) throw notFound('联系对象不存在');
      const base = request.url.slice(0, request.url.indexOf(CALL_ROUTE));
      return ok({
        call_id: started.row.id,
        link: `${request.protocol}://${request.host}${base}/chance/reach/bridge/${started.token}`,
        expires_at: Math.floor(started.expiresAt.getTime() / 1000),
        phone_masked: started.phoneMasked,
        display_name: started.displayName,
      });
    },
  );

  // The bridge is opened by the phone, not the signed app: the one-time token is the whole credential.
  app.get(
    '/chance/reach/bridge/:token',
    {
      schema: {
        params: Type.Object({ token: Type.String({ minLength: 16, maxLength: 64, pattern: '^[A-Za-z0-9_-]+$' }) }),
        response: responses(ReachBridgeResponse),
      },
    },
    async (request) => {
      const row = await deps.repos.reach.bridge(request.params.token, deps.now());
      if (!row) throw notFound('呼叫链接已使用或已过期，请重新拨打');
      return ok({ call_id: row.id, message: '正在通过公司号码接通，请留意来电' });
    },
  );

  app.post(
    '/chance/reach/outcome',
    { schema: { body: ReachOutcomeRequest, response: responses(ReachOutcomeResponse) }, preValidation: guard },
    async (request) => {
      const { call_id, outcome, note } = request.body;
      const saved = await repo.recordOutcome(adviserId(request), call_id, outcome, note ?? '', deps.now());
      if (!saved) throw notFound('通话记录不存在');
      return ok(saved);
    },
  );

  app.get(
    '/chance/reach/recent',
    { schema: { querystring: ReachRecentQuery, response: responses(ReachRecentResponse) }, preValidation: guard },
    async (request) => {
      oneTarget(request.query);
      const list = await repo.recent(adviserId(request), request.query);
      if (!list) throw notFound('联系对象不存在');
      return ok({ list });
    },
  );
};
