import type { FastifyPluginAsync } from 'fastify';

import {
  CardCheckRequest,
  CardCheckResponse,
  CardListQuery,
  CardListResponse,
  CardSnoozeRequest,
  CardSnoozeResponse,
  CardStatsResponse,
  CHANCE_CATEGORY_GROUPS,
  CHANCE_CATEGORY_NAMES,
  ChanceCategoriesResponse,
  type ChanceCategory,
  ChanceDetailQuery,
  ChanceDetailResponse,
  ChanceListQuery,
  ChanceListResponse,
  ChanceTypeResponse,
  ProductHoldersQuery,
  ProductHoldersResponse,
  TagListResponse,
  TodayQuery,
  TodayResponse,
  UserListQuery,
  UserListResponse,
} from '../../../src/api/contract/market-map';
import { notFound, ok, responses } from '../../http/errors';
import type { TypeBoxProvider } from '../../http/typebox';
import type { ServiceOptions } from '../deps';
import { marketMapBacklogPlugin } from './market-map-backlog';
import { marketMapCluesPlugin } from './market-map-clues';
import { marketMapCustomerPlugin } from './market-map-customer';
import { marketMapMaterialsPlugin } from './market-map-materials';
import { marketMapProductsPlugin } from './market-map-products';
import { marketMapRadarPlugin } from './market-map-radar';
import { marketMapReachPlugin } from './market-map-reach';
import { adviserId, requireSidAdviser } from './market-map-session';
import { marketMapSettingsPlugin } from './market-map-settings';

/**
 * Marketing-map service, /market_map_url (docs/rules/services.md#marketing-map): the adviser workbench. Every route is
 * signed with the marketing-map signature and acts for the sid's adviser only; another
 * adviser's card, customer or clue answers 404, as if it did not exist.
 */
export const marketMapPlugin: FastifyPluginAsync<ServiceOptions> = async (fastify, { deps }) => {
  const app = fastify.withTypeProvider<TypeBoxProvider>();
  const guard = [deps.signed('marketMap'), requireSidAdviser(deps)];
  const mkt = deps.repos.marketing;

  app.get(
    '/chance/categories',
    { schema: { response: responses(ChanceCategoriesResponse) }, preValidation: guard },
    async (request) => {
      const settings = await mkt.settings.get(adviserId(request));
      const demoted = new Set(settings.demotions.map((d) => d.category_id));
      const list: ChanceCategory[] = Object.entries(CHANCE_CATEGORY_GROUPS).map(([id, group]) => ({
        category_id: Number(id),
        group,
        name: CHANCE_CATEGORY_NAMES[Number(id)] ?? '',
        enabled: settings.enabled_categories.includes(Number(id)),
        demoted: demoted.has(Number(id)),
      }));
      return ok({ list: list.sort((a, b) => a.category_id - b.category_id) });
    },
  );

  // Reads only read: due snoozes wake and the daily cap releases in the card pass (marketing/jobs.ts) and the engine's ingest.
  app.get(
    '/chance/type',
    { schema: { response: responses(ChanceTypeResponse) }, preValidation: guard },
    async (request) => ok(await mkt.chanceType(adviserId(request))),
  );

  app.get(
    '/chance/detail',
    { schema: { querystring: ChanceDetailQuery, response: responses(ChanceDetailResponse) }, preValidation: guard },
    async (request) => {
      const card = await mkt.findCard(adviserId(request), request.query.card_id, deps.now(), 100);
      if (!card) throw notFound('机会卡不存在');
      return ok({ ...card, ...(await mkt.cardDetailExtras(card.card_id)) });
    },
  );

  app.get(
    '/chance/list',
    { schema: { querystring: ChanceListQuery, response: responses(ChanceListResponse) }, preValidation: guard },
    async (request) => ok(await mkt.listCardsByState(adviserId(request), request.query, deps.now())),
  );

  app.get(
    '/chance-card/list',
    { schema: { querystring: CardListQuery, response: responses(CardListResponse) }, preValidation: guard },
    async (request) => ok(await mkt.listOpenCards(adviserId(request), request.query, deps.now())),
  );

  app.get(
    '/chance-card/today',
    { schema: { querystring: TodayQuery, response: responses(TodayResponse) }, preValidation: guard },
    async (request) => {
      const me = adviserId(request);
      const settings = await mkt.settings.get(me);
      return ok(await mkt.todayList(me, request.query, settings.thresholds.daily_cap, deps.now()));
    },
  );

  app.get(
    '/product-card/holders',
    { schema: { querystring: ProductHoldersQuery, response: responses(ProductHoldersResponse) }, preValidation: guard },
    async (request) => {
      const found = await mkt.productHolders(adviserId(request), request.query.product_card_id, deps.now());
      if (!found) throw notFound('产品卡不存在');
      return ok(found);
    },
  );

  app.get(
    '/chance-card/user-list',
    { schema: { querystring: UserListQuery, response: responses(UserListResponse) }, preValidation: guard },
    async (request) => ok(await mkt.userList(adviserId(request), request.query, deps.now())),
  );

  app.get(
    '/chance-card/tag-list',
    { schema: { response: responses(TagListResponse) }, preValidation: guard },
    async (request) => ok({ list: await mkt.tagList(adviserId(request)) }),
  );

  app.get(
    '/chance-card/stats',
    { schema: { response: responses(CardStatsResponse) }, preValidation: guard },
    async (request) => {
      const settings = await mkt.settings.get(adviserId(request));
      return ok(await mkt.stats(adviserId(request), settings.thresholds.daily_cap, deps.now()));
    },
  );

  app.post(
    '/chance-card/check',
    { schema: { body: CardCheckRequest, response: responses(CardCheckResponse) }, preValidation: guard },
    async (request) => ok(await mkt.lifecycle.check(adviserId(request), request.body.card_id, deps.now())),
  );

  app.post(
    '/chance-card/snooze',
    { schema: { body: CardSnoozeRequest, response: responses(CardSnoozeResponse) }, preValidation: guard },
    async (request) =>
      ok(await mkt.lifecycle.snooze(adviserId(request), request.body.card_id, request.body.until, deps.now())),
  );

  await app.register(marketMapBacklogPlugin, { deps });
  await app.register(marketMapCluesPlugin, { deps });
  await app.register(marketMapSettingsPlugin, { deps });
  await app.register(marketMapCustomerPlugin, { deps });
  await app.register(marketMapProductsPlugin, { deps });
  await app.register(marketMapMaterialsPlugin, { deps });
  await app.register(marketMapRadarPlugin, { deps });
  await app.register(marketMapReachPlugin, { deps });
};
