import type { FastifyPluginAsync, preValidationAsyncHookHandler } from 'fastify';

import {
  ShareCreateRequest,
  ShareCreateResponse,
  ShareLinkRecordRequest,
  ShareLinkRecordResponse,
  SharePageQuery,
  SharePageResponse,
  ShareRecipientsQuery,
  ShareRecipientsResponse,
} from '../../../src/api/contract/market-map-products';
import { ShareErrorCode } from '../../../src/api/contract/market-map-products-constants';
import { ApiError, notFound, ok, responses } from '../../http/errors';
import type { TypeBoxProvider } from '../../http/typebox';
import { enforce } from '../../policy/content-policy';
import { tokenFrom } from '../../security/token';
import type { ServiceOptions } from '../deps';
import { adviserId, requireSidAdviser } from './market-map-session';

/**
 * Product share links: the recipients with the product's verdict, the link made and WeCom's answer for it (the
 * adviser's, signed), and the page the link opens, the one public, unsigned route (its share code is the permission).
 */
export const productShareRoutes: FastifyPluginAsync<ServiceOptions> = async (fastify, { deps }) => {
  const app = fastify.withTypeProvider<TypeBoxProvider>();
  const guard = [deps.signed('marketMap'), requireSidAdviser(deps)];
  const products = deps.repos.marketing.products;
  /** Who opened a share page, if they sent a live sign-in; a stale or bad token is a guest here (the page is public). */
  const viewer: preValidationAsyncHookHandler = async (request) => {
    const token = tokenFrom(request.headers);
    if (!token) return;
    try {
      request.user = await deps.guards.liveSession(token);
    } catch {
      request.user = null;
    }
  };

  app.get(
    '/share/product/recipients',
    {
      schema: { querystring: ShareRecipientsQuery, response: responses(ShareRecipientsResponse) },
      preValidation: guard,
    },
    async (request) => {
      const page = await products.shareRecipients(adviserId(request), request.query, deps.now());
      if (!page) throw notFound('产品不存在或已下架');
      return ok(page);
    },
  );

  app.post(
    '/share/product',
    { schema: { body: ShareCreateRequest, response: responses(ShareCreateResponse) }, preValidation: guard },
    async (request) => {
      // The share card's words come from the product master: they reach the public, so they meet the policy.
      const ctx = {
        place: 'share' as const,
        actorId: adviserId(request),
        adviserId: adviserId(request),
        subject: `share:${request.body.product_id}`,
      };
      const vetWords = async (texts: readonly string[]) => {
        for (const text of texts) await enforce(deps, text, ctx);
      };
      const made = await products.createShare(adviserId(request), request.body, deps.now(), vetWords);
      if (!('code' in made)) {
        if (made.kind === 'not_found') throw notFound('产品不存在或已下架');
        if (made.kind === 'customer_not_found') throw notFound('客户不存在');
        if (made.kind === 'private')
          throw new ApiError(400, ShareErrorCode.privateProduct, '私募产品仅限合格投资者，不能公开分享');
        throw new ApiError(409, ShareErrorCode.refused, made.message);
      }
      return ok(made);
    },
  );

  app.post(
    '/share/product/record',
    { schema: { body: ShareLinkRecordRequest, response: responses(ShareLinkRecordResponse) }, preValidation: guard },
    async (request) => {
      const n = await products.recordShareLink(
        adviserId(request),
        request.body.share_id,
        request.body.api,
        request.body.ok,
        deps.now(),
      );
      if (n === null) throw notFound('分享记录不存在');
      return ok({ recorded: n });
    },
  );

  // The one public route: no signature, no session needed. A forged code is a 404, an expired one a 410, each with words a customer understands.
  // A customer's token, when sent, says whether this is the customer the link was made for (their performance view).
  app.get(
    '/share/product-page',
    {
      schema: { querystring: SharePageQuery, response: responses(SharePageResponse) },
      preValidation: viewer,
      config: { rate: 'sharePage' },
    },
    async (request) => {
      const data = await products.sharePageData(request.query.code, request.user?.id ?? null, deps.now());
      if (data === 'invalid') throw new ApiError(404, ShareErrorCode.invalid, '分享链接无效，请向您的理财师重新索取');
      if (data === 'expired') throw new ApiError(410, ShareErrorCode.expired, '分享链接已过期，请向您的理财师重新索取');
      return ok(data);
    },
  );
};
