import type { FastifyPluginAsync } from 'fastify';

import { PullRequest, PullResponse, WaitingQuery, WaitingResponse } from '../../../src/api/contract/market-map-backlog';
import { ok, responses } from '../../http/errors';
import type { TypeBoxProvider } from '../../http/typebox';
import type { ServiceOptions } from '../deps';
import { adviserId, requireSidAdviser } from './market-map-session';

/**
 * 待处理 (the backlog behind the daily cap) and 提前处理 (one card let in by hand). Signed, the sid's adviser only;
 * another adviser's card is a 404.
 */
export const marketMapBacklogPlugin: FastifyPluginAsync<ServiceOptions> = async (fastify, { deps }) => {
  const app = fastify.withTypeProvider<TypeBoxProvider>();
  const guard = [deps.signed('marketMap'), requireSidAdviser(deps)];
  const mkt = deps.repos.marketing;

  app.get(
    '/chance-card/waiting',
    { schema: { querystring: WaitingQuery, response: responses(WaitingResponse) }, preValidation: guard },
    async (request) => {
      const me = adviserId(request);
      const settings = await mkt.settings.get(me);
      return ok(await mkt.waitingCards(me, request.query, settings.thresholds.daily_cap, deps.now()));
    },
  );

  app.post(
    '/chance-card/pull',
    { schema: { body: PullRequest, response: responses(PullResponse) }, preValidation: guard },
    async (request) => ok(await mkt.pullCard(adviserId(request), request.body.card_id, deps.now())),
  );
};
