import type { FastifyPluginAsync } from 'fastify';

import { NextProductsQuery, NextProductsResponse } from '../../../src/api/contract/market-map-next-products';
import {
  CustomerRadarQuery,
  CustomerRadarResponse,
  MaterialRadarQuery,
  MaterialRadarResponse,
  NextProductQuery,
  NextProductResponse,
  WorkStatsResponse,
} from '../../../src/api/contract/market-map-radar';
import { notFound, ok, responses } from '../../http/errors';
import type { TypeBoxProvider } from '../../http/typebox';
import type { ServiceOptions } from '../deps';
import { adviserId, requireSidAdviser } from './market-map-session';

/**
 * The reading radar (who read what I sent, per material and per customer), a card's next best product,
 * and the counts of my own tracked work. Signed, the sid's adviser only; anything of another adviser is 404.
 */
export const marketMapRadarPlugin: FastifyPluginAsync<ServiceOptions> = async (fastify, { deps }) => {
  const app = fastify.withTypeProvider<TypeBoxProvider>();
  const guard = [deps.signed('marketMap'), requireSidAdviser(deps)];
  const repo = deps.repos.materials;

  app.get(
    '/chance/file/radar',
    { schema: { querystring: MaterialRadarQuery, response: responses(MaterialRadarResponse) }, preValidation: guard },
    async (request) => {
      const page = await repo.materialRadar(adviserId(request), request.query);
      if (!page) throw notFound('素材不存在');
      return ok(page);
    },
  );

  app.get(
    '/clue/radar',
    { schema: { querystring: CustomerRadarQuery, response: responses(CustomerRadarResponse) }, preValidation: guard },
    async (request) => {
      const page = await repo.customerRadar(adviserId(request), request.query);
      if (!page) throw notFound('客户不存在');
      return ok(page);
    },
  );

  app.get(
    '/chance-card/next-product',
    { schema: { querystring: NextProductQuery, response: responses(NextProductResponse) }, preValidation: guard },
    async (request) => {
      const out = await repo.nextProduct(adviserId(request), request.query.card_id, deps.now());
      if (!out) throw notFound('机会卡不存在');
      return ok(out);
    },
  );

  app.get(
    '/chance-card/next-products',
    { schema: { querystring: NextProductsQuery, response: responses(NextProductsResponse) }, preValidation: guard },
    async (request) => {
      const out = await repo.nextProducts(adviserId(request), request.query.card_id, deps.now());
      if (!out) throw notFound('机会卡不存在');
      return ok(out);
    },
  );

  app.get(
    '/chance-card/work-stats',
    { schema: { response: responses(WorkStatsResponse) }, preValidation: guard },
    async (request) => ok(await repo.workStats(adviserId(request), deps.now())),
  );
};
