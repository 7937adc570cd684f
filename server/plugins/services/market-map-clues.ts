import type { FastifyPluginAsync } from 'fastify';

import { businessDate } from '../../../src/api/contract/dates';
import { businessDayStart } from '../../../src/api/contract/dates';
import {
  BehaviorsQuery,
  BehaviorsResponse,
  ClueHandleSubmitRequest,
  ClueHandleSubmitResponse,
  ClueListQuery,
  ClueListResponse,
  CustomerChanceQuery,
  CustomerChanceResponse,
  HANDLE_OUTCOME_NAMES,
  HANDLE_OUTCOMES,
  HandleOptionsResponse,
  RankRequest,
  RankResponse,
  SetHandlingRequest,
  SetHandlingResponse,
} from '../../../src/api/contract/market-map';
import { badRequest, notFound, ok, responses } from '../../http/errors';
import type { TypeBoxProvider } from '../../http/typebox';
import { CLOSING_OUTCOMES } from '../../marketing/clue-handles';
import { maskedCustomer } from '../../repositories/marketing-map';
import type { ServiceOptions } from '../deps';
import { adviserId, requireSidAdviser } from './market-map-session';

const DAY = 86_400_000;

/** Clues and their handling: /clue/* and /clue-handle/*. */
export const marketMapCluesPlugin: FastifyPluginAsync<ServiceOptions> = async (fastify, { deps }) => {
  const app = fastify.withTypeProvider<TypeBoxProvider>();
  const guard = [deps.signed('marketMap'), requireSidAdviser(deps)];
  const mkt = deps.repos.marketing;

  app.get(
    '/clue/customer-chance',
    { schema: { querystring: CustomerChanceQuery, response: responses(CustomerChanceResponse) }, preValidation: guard },
    async (request) => {
      const me = adviserId(request);
      const customer = await mkt.findCustomer(me, request.query.customer_id);
      if (!customer) throw notFound('客户不存在');
      const cardId = await mkt.openCardOf(me, customer.id);
      const [card, clues] = await Promise.all([
        cardId ? mkt.findCard(me, cardId, deps.now()) : null,
        mkt.clueList(me, { customerId: customer.id, limit: 50 }, deps.now()),
      ]);
      return ok({ customer: maskedCustomer(customer, deps.now()), card, clues: clues.list });
    },
  );

  app.get(
    '/clue/list',
    { schema: { querystring: ClueListQuery, response: responses(ClueListResponse) }, preValidation: guard },
    async (request) => ok(await mkt.clueList(adviserId(request), request.query, deps.now())),
  );

  app.get(
    '/clue/behaviors',
    { schema: { querystring: BehaviorsQuery, response: responses(BehaviorsResponse) }, preValidation: guard },
    async (request) => {
      const customer = await mkt.findCustomer(adviserId(request), request.query.customer_id);
      if (!customer) throw notFound('客户不存在');
      return ok(await mkt.behaviours(customer.id, request.query));
    },
  );

  app.get(
    '/clue-handle/options',
    { schema: { response: responses(HandleOptionsResponse) }, preValidation: guard },
    async () =>
      ok({
        list: HANDLE_OUTCOMES.map((value) => ({
          value,
          label: HANDLE_OUTCOME_NAMES[value],
          closes: CLOSING_OUTCOMES.has(value),
        })),
      }),
  );

  app.post(
    '/clue-handle/submit',
    { schema: { body: ClueHandleSubmitRequest, response: responses(ClueHandleSubmitResponse) }, preValidation: guard },
    async (request) => {
      const next = request.body.next_follow_up;
      const now = deps.now();
      if (next && (next < businessDate(now) || next > businessDate(new Date(now.getTime() + 365 * DAY))))
        throw badRequest('下次跟进日期需在今天到一年之内');
      return ok(await mkt.lifecycle.submitHandle(adviserId(request), request.body, now));
    },
  );

  app.post(
    '/clue-handle/set-handling',
    { schema: { body: SetHandlingRequest, response: responses(SetHandlingResponse) }, preValidation: guard },
    async (request) => {
      const { card_id, clue_id } = request.body;
      if ((card_id === undefined) === (clue_id === undefined)) throw badRequest('card_id 与 clue_id 需且只需提供一个');
      if (card_id !== undefined) {
        const r = await mkt.lifecycle.setHandling(adviserId(request), card_id, deps.now());
        return ok({ card_id, clue_id: null, state: r.state });
      }
      return ok({
        card_id: null,
        clue_id: clue_id!,
        state: await mkt.lifecycle.setClueHandling(adviserId(request), clue_id!),
      });
    },
  );

  app.post(
    '/clue-handle/rank',
    { schema: { body: RankRequest, response: responses(RankResponse) }, preValidation: guard },
    async (request) => {
      const period = request.body.period ?? 'week';
      const start = businessDayStart(deps.now());
      const since = period === 'today' ? start : new Date(start.getTime() - (period === 'week' ? 6 : 29) * DAY);
      return ok(await mkt.rank(adviserId(request), period, since));
    },
  );
};
