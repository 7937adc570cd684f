import type { FastifyPluginAsync } from 'fastify';

import {
  EffectQuery,
  EffectResponse,
  MoneyFundQuery,
  MoneyFundResponse,
  MonitorParams,
  MonitorResponse,
  SoldFundParams,
  SoldFundResponse,
} from '../../../src/api/contract/market-map-products';
import { notFound, ok, responses } from '../../http/errors';
import type { TypeBoxProvider } from '../../http/typebox';
import type { ServiceOptions } from '../deps';
import { productShareRoutes } from './market-map-product-shares';
import { adviserId, requireSidAdviser } from './market-map-session';

/**
 * The workbench's product endpoints: each acts for the sid's adviser, whose customers
 * alone appear as holders, idle balances or engaged viewers. Products are the firm's catalogue, so any
 * product id exists for every adviser; an unknown one is a 404. /share/product-page is the one public,
 * unsigned route: the HMAC share code is its permission, and it names no customer.
 */
export const marketMapProductsPlugin: FastifyPluginAsync<ServiceOptions> = async (fastify, { deps }) => {
  const app = fastify.withTypeProvider<TypeBoxProvider>();
  const guard = [deps.signed('marketMap'), requireSidAdviser(deps)];
  const products = deps.repos.marketing.products;
  await app.register(productShareRoutes, { deps });
  app.get(
    '/sold_fund/:kind/:product_id?',
    { schema: { params: SoldFundParams, response: responses(SoldFundResponse) }, preValidation: guard },
    async (request) => {
      const data = await products.soldFund(
        adviserId(request),
        request.params.kind,
        request.params.product_id,
        deps.now(),
      );
      if (!data) throw notFound('产品不存在');
      return ok(data);
    },
  );

  app.get(
    '/product_monitor/list/:id?',
    { schema: { params: MonitorParams, response: responses(MonitorResponse) }, preValidation: guard },
    async (request) => {
      const me = adviserId(request);
      if (request.params.id === undefined) {
        const t = (await deps.repos.marketing.settings.get(me)).thresholds;
        return ok({
          list: await products.monitorList(
            me,
            { navFallPct: t.nav_fall_pct, navFallDays: t.nav_fall_days, maturityDays: t.maturity_days },
            deps.now(),
          ),
        });
      }
      const detail = await products.productDetail(me, request.params.id, deps.now());
      if (!detail) throw notFound('产品不存在或已下架');
      return ok(detail);
    },
  );

  app.get(
    '/monetary-fund/index',
    { schema: { querystring: MoneyFundQuery, response: responses(MoneyFundResponse) }, preValidation: guard },
    async (request) => ok(await products.moneyFund(adviserId(request), request.query, deps.now())),
  );

  app.get(
    '/chance/effect-list-projects',
    { schema: { querystring: EffectQuery, response: responses(EffectResponse) }, preValidation: guard },
    async (request) => ok(await products.effectProjects(adviserId(request), request.query, deps.now())),
  );
};
