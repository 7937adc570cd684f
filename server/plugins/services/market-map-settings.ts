import type { FastifyPluginAsync } from 'fastify';

import {
  FeedbackCancelRequest,
  FeedbackCancelResponse,
  RuleSettingsResponse,
  RuleSettingsSetRequest,
  SearchKeywordRequest,
  SearchKeywordResponse,
} from '../../../src/api/contract/market-map';
import { badRequest, ok, responses } from '../../http/errors';
import type { TypeBoxProvider } from '../../http/typebox';
import type { ServiceOptions } from '../deps';
import { adviserId, requireSidAdviser } from './market-map-session';

/** Rule settings, ignore feedback and keyword search. */
export const marketMapSettingsPlugin: FastifyPluginAsync<ServiceOptions> = async (fastify, { deps }) => {
  const app = fastify.withTypeProvider<TypeBoxProvider>();
  const guard = [deps.signed('marketMap'), requireSidAdviser(deps)];
  const mkt = deps.repos.marketing;

  app.get(
    '/rule-settings/index',
    { schema: { response: responses(RuleSettingsResponse) }, preValidation: guard },
    async (request) => ok(await mkt.settings.get(adviserId(request))),
  );

  app.post(
    '/rule-settings/set',
    { schema: { body: RuleSettingsSetRequest, response: responses(RuleSettingsResponse) }, preValidation: guard },
    async (request) => {
      const me = adviserId(request);
      const { body } = request;
      if (body.enabled_categories && body.enabled_categories.length === 0) throw badRequest('至少保留一个机会类别');
      if (body.clear_demotions) await mkt.lifecycle.clearDemotions(me, body.clear_demotions, deps.now());
      await mkt.settings.set(me, body, deps.now());
      // A raised cap lets waiting cards in now, not at the next card pass.
      if (body.thresholds?.daily_cap !== undefined) await mkt.engine.release(me, deps.now());
      return ok(await mkt.settings.get(me));
    },
  );

  app.post(
    '/feedback/cancel',
    { schema: { body: FeedbackCancelRequest, response: responses(FeedbackCancelResponse) }, preValidation: guard },
    async (request) => {
      const me = adviserId(request);
      const body = request.body;
      if (body.action === 'ignore')
        return ok(await mkt.lifecycle.ignore(me, body.card_id, body.reason, body.text, deps.now()));
      return ok(await mkt.lifecycle.restore(me, body.card_id, deps.now()));
    },
  );

  app.post(
    '/search/keyword',
    { schema: { body: SearchKeywordRequest, response: responses(SearchKeywordResponse) }, preValidation: guard },
    async (request) => {
      const { keyword, kinds, limit } = request.body;
      if (!keyword.trim()) throw badRequest('请输入搜索关键词');
      return ok(
        await mkt.search(
          adviserId(request),
          keyword,
          kinds ?? ['customer', 'product', 'card'],
          limit ?? 10,
          deps.now(),
        ),
      );
    },
  );
};
