import type { FastifyPluginAsync } from 'fastify';

import {
  StoreFundDetailResponse,
  StoreProductDetailQuery,
  StoreProductListQuery,
  StoreProductPageResponse,
} from '../../../../src/api/contract/store';
import { notFound, ok, responses } from '../../../http/errors';
import type { TypeBoxProvider } from '../../../http/typebox';
import { privateViewerOf, visiblePrivateLevels } from '../../../materials/private-visibility';
import { gated, page, type StoreRouteOptions } from './context';
import { fundAccess } from './fund-access';

/** The store's funds: the list and one fund's detail page. */
export const storeProductRoutes: FastifyPluginAsync<StoreRouteOptions> = async (fastify, { deps, guards }) => {
  const app = fastify.withTypeProvider<TypeBoxProvider>();
  const repo = deps.repos.store;
  const { visibleProduct, privateAccess } = fundAccess(deps);

  app.get(
    '/api/store/product_list',
    {
      schema: { querystring: StoreProductListQuery, response: responses(StoreProductPageResponse) },
      preValidation: guards.open,
    },
    async (request) => {
      // A private fund is listed only to a reader who may see it, and by its minimum only.
      const viewer = await privateViewerOf(repo, request.user);
      const levels = visiblePrivateLevels(viewer, deps.now());
      const products = await repo.products(request.query.kind, page(request.query), levels);
      return ok({ ...products, list: products.list.map((p) => gated(p, false)) });
    },
  );
  app.get(
    '/api/store/product_detail',
    {
      schema: { querystring: StoreProductDetailQuery, response: responses(StoreFundDetailResponse) },
      preValidation: guards.open,
    },
    async (request) => {
      const base = await visibleProduct(request.query.product_id, request.user);
      if (!base) throw notFound('产品不存在');
      // A private fund's performance is promotion: only for a confirmed qualified investor whose assessed level matches.
      const access =
        base.kind === 'public' || (request.user ? (await privateAccess(request.user.id, base)).open : false);
      const detail = (await repo.fundDetail(base.id, access))!;
      return ok({ ...detail, product: gated(detail.product, access) });
    },
  );
};
