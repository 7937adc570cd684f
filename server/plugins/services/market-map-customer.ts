import type { FastifyPluginAsync, FastifyRequest } from 'fastify';

import { parseId } from '../../../src/api/contract/id';
import {
  AumQuery,
  AumResponse,
  BehaviorSummaryQuery,
  BehaviorSummaryResponse,
  BonusQuery,
  BonusResponse,
  MultiProductQuery,
  MultiProductResponse,
  MultiTransactionQuery,
  MultiTransactionResponse,
  ProductQuery,
  ProductResponse,
  TransactionInfoQuery,
  TransactionInfoResponse,
  TransferQuery,
  TransferResponse,
  UserFundTrendQuery,
  UserFundTrendResponse,
} from '../../../src/api/contract/market-map';
import { badRequest, notFound, ok, responses } from '../../http/errors';
import type { TypeBoxProvider } from '../../http/typebox';
import type { ServiceOptions } from '../deps';
import { adviserId, requireSidAdviser } from './market-map-session';

/**
 * The customer card's facts, /card-detail/* (contract: market-map-customer.ts). Each names one
 * customer; one that is not this adviser's answers 404 exactly like one that does not exist.
 */
export const marketMapCustomerPlugin: FastifyPluginAsync<ServiceOptions> = async (fastify, { deps }) => {
  const app = fastify.withTypeProvider<TypeBoxProvider>();
  const guard = [deps.signed('marketMap'), requireSidAdviser(deps)];
  const mkt = deps.repos.marketing;
  const card = mkt.customerCard;
  const mine = async (request: FastifyRequest, customerId: number) => {
    const customer = await mkt.findCustomer(adviserId(request), customerId);
    if (!customer) throw notFound('客户不存在');
    return customer;
  };

  app.get(
    '/card-detail/aum',
    { schema: { querystring: AumQuery, response: responses(AumResponse) }, preValidation: guard },
    async (request) => ok(await card.aum(await mine(request, request.query.customer_id), deps.now())),
  );

  app.get(
    '/card-detail/user-fund-trend',
    { schema: { querystring: UserFundTrendQuery, response: responses(UserFundTrendResponse) }, preValidation: guard },
    async (request) =>
      ok(
        await card.fundTrend(await mine(request, request.query.customer_id), request.query.period ?? '3M', deps.now()),
      ),
  );

  app.get(
    '/card-detail/get-multi-product',
    { schema: { querystring: MultiProductQuery, response: responses(MultiProductResponse) }, preValidation: guard },
    async (request) => ok(await card.multiProduct(await mine(request, request.query.customer_id), deps.now())),
  );

  app.get(
    '/card-detail/get-product',
    { schema: { querystring: ProductQuery, response: responses(ProductResponse) }, preValidation: guard },
    async (request) => {
      const found = await card.product(
        await mine(request, request.query.customer_id),
        request.query.product_id,
        deps.now(),
      );
      if (!found) throw notFound('产品不存在');
      return ok(found);
    },
  );

  app.get(
    '/card-detail/transaction-info',
    {
      schema: { querystring: TransactionInfoQuery, response: responses(TransactionInfoResponse) },
      preValidation: guard,
    },
    async (request) => ok(await card.transactions(await mine(request, request.query.customer_id), request.query)),
  );

  app.get(
    '/card-detail/multi-transaction-info',
    {
      schema: { querystring: MultiTransactionQuery, response: responses(MultiTransactionResponse) },
      preValidation: guard,
    },
    async (request) => {
      // Ten digits pass the pattern; the database's integer ids stop at 2^31 - 1.
      if (request.query.product_ids?.split(',').some((id) => parseId(id) === null))
        throw badRequest('product_ids 含无效的产品编号');
      return ok(
        await card.multiTransactions(await mine(request, request.query.customer_id), request.query, deps.now()),
      );
    },
  );

  app.get(
    '/card-detail/get-transfer',
    { schema: { querystring: TransferQuery, response: responses(TransferResponse) }, preValidation: guard },
    async (request) =>
      ok(await card.transfers(await mine(request, request.query.customer_id), request.query, deps.now())),
  );

  app.get(
    '/card-detail/get-behavior',
    {
      schema: { querystring: BehaviorSummaryQuery, response: responses(BehaviorSummaryResponse) },
      preValidation: guard,
    },
    async (request) =>
      ok(await card.behaviorSummary(await mine(request, request.query.customer_id), request.query, deps.now())),
  );

  app.get(
    '/card-detail/bonus-info',
    { schema: { querystring: BonusQuery, response: responses(BonusResponse) }, preValidation: guard },
    async (request) => ok(await card.bonusInfo(await mine(request, request.query.customer_id), deps.now())),
  );
};
