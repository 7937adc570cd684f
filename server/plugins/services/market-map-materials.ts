import type { FastifyPluginAsync } from 'fastify';

import {
  FileDetailQuery,
  FileDetailResponse,
  ProjectFilesQuery,
  ProjectFilesResponse,
  ResubmitRequest,
  type TransformRequest as TransformBody,
  TransformRequest,
  TransformResponse,
} from '../../../src/api/contract/market-map-materials';
import { findPersonalNumbers } from '../../../src/lib/content-policy';
import { ApiError, badRequest, notFound, ok, responses } from '../../http/errors';
import type { TypeBoxProvider } from '../../http/typebox';
import { htmlToText, sanitizeArticleHtml } from '../../materials/sanitize';
import { WX_SAMPLES } from '../../materials/wx-samples';
import { enforce, type Held, type Masked, recordMasked, refuseHit } from '../../policy/content-policy';
import { markOf, settleHold } from '../../policy/holds';
import { maskHtmlNumbers } from '../../policy/html';
import type { ServiceDeps, ServiceOptions } from '../deps';
import { materialForwardRoutes } from './market-map-material-forwards';
import { materialPageRoutes } from './market-map-material-pages';
import { adviserId, requireSidAdviser } from './market-map-session';

/**
 * A pasted or linked article meets the content policy before it becomes a material customers can be
 * sent: a promise refuses it; personal numbers in its text and title are hidden (the article is kept).
 */
async function screenArticle(
  deps: ServiceDeps,
  me: number,
  body: TransformBody,
): Promise<{ input: { html?: string; title?: string }; masked: Masked; held: Held; text: string }> {
  const ctx = { place: 'article' as const, actorId: me, adviserId: me, subject: 'material:-' };
  const sample = body.url ? WX_SAMPLES[body.url.split('#')[0]!.trim()] : undefined;
  const raw = body.html ?? sample?.html;
  const input: { html?: string; title?: string } = {};
  const masked: Masked = [];
  let held: Held = null;
  const givenTitle = body.title ?? sample?.title;
  if (givenTitle) {
    const title = await enforce(deps, givenTitle, ctx);
    input.title = title.text;
    masked.push(...title.masked);
    held = title.held;
  }
  if (raw) {
    const clean = sanitizeArticleHtml(raw);
    held = (await enforce(deps, htmlToText(clean), ctx)).held ?? held;
    const hidden = maskHtmlNumbers(clean);
    // A number split across elements escapes the text-node masking: the adviser takes it out.
    const left = findPersonalNumbers(htmlToText(hidden.html))[0];
    if (left) await refuseHit(deps, { rule: left.rule, tail: left.tail }, ctx);
    input.html = hidden.html;
    masked.push(...hidden.masked);
  }
  const text = [input.title, input.html ? htmlToText(input.html) : ''].filter(Boolean).join('\n');
  return { input, masked, held, text };
}

/**
 * Materials and forwarding. Adviser routes: signed, the sid's adviser only; another
 * adviser's own material or customer is 404. Customer routes: unsigned, scoped by the tracked
 * link's token (an unknown token is 404), the beacon rate-limited per address.
 */
export const marketMapMaterialsPlugin: FastifyPluginAsync<ServiceOptions> = async (fastify, { deps }) => {
  const app = fastify.withTypeProvider<TypeBoxProvider>();
  const guard = [deps.signed('marketMap'), requireSidAdviser(deps)];
  const repo = deps.repos.materials;
  await app.register(materialForwardRoutes, { deps });
  await app.register(materialPageRoutes, { deps });
  /** The author's step of the review loop, on the trail like the reviewer's (kind review). */
  const submitted = (me: number, id: number, action: 'submit' | 'resubmit') =>
    deps.repos.compliance.record({
      kind: 'review',
      actorId: me,
      adviserId: me,
      subject: `material:${id}`,
      decision: 'submitted',
      reason: null,
      detail: { action },
      at: deps.now(),
    });
  const customerOf = async (me: number, id: number | undefined) => {
    if (id === undefined) return null;
    const c = await repo.findCustomer(me, id);
    if (!c) throw notFound('客户不存在');
    return c;
  };

  app.get(
    '/chance/project/files',
    { schema: { querystring: ProjectFilesQuery, response: responses(ProjectFilesResponse) }, preValidation: guard },
    async (request) => {
      const me = adviserId(request);
      return ok(await repo.listFiles(me, request.query, await customerOf(me, request.query.customer_id), deps.now()));
    },
  );

  app.get(
    '/chance/file/detail',
    { schema: { querystring: FileDetailQuery, response: responses(FileDetailResponse) }, preValidation: guard },
    async (request) => {
      const me = adviserId(request);
      const detail = await repo.materialDetail(
        me,
        request.query.fileId,
        await customerOf(me, request.query.customer_id),
        deps.now(),
      );
      if (!detail) throw notFound('素材不存在');
      return ok({ ...detail, hold: markOf(await deps.repos.holds.bySubject(`material:${request.query.fileId}`)) });
    },
  );

  app.post(
    '/resource/wx-article-transform',
    { schema: { body: TransformRequest, response: responses(TransformResponse) }, preValidation: guard },
    async (request) => {
      const me = adviserId(request);
      if (!request.body.url && !request.body.html) throw badRequest('请粘贴文章链接或文章内容');
      const screened = await screenArticle(deps, me, request.body);
      const out = await repo.transformArticle(me, { ...request.body, ...screened.input }, deps.now());
      if (out.kind === 'unknown_link') throw badRequest('暂时无法读取该链接，请复制文章全文粘贴');
      if (out.kind === 'empty') throw badRequest('文章内容为空');
      const ctx = { place: 'article' as const, actorId: me, adviserId: me, subject: `material:${out.id}` };
      await recordMasked(deps, screened.masked, ctx);
      await submitted(me, out.id, 'submit');
      // Held (待合规审核): kept for its writer, not forwardable until a reviewer approves it.
      const hold = await settleHold(deps, screened.held, screened.text, ctx);
      return ok({ ...(await repo.materialDetail(me, out.id, null, deps.now()))!, hold });
    },
  );

  app.post(
    '/resource/material-resubmit',
    { schema: { body: ResubmitRequest, response: responses(TransformResponse) }, preValidation: guard },
    async (request) => {
      const me = adviserId(request);
      const { fileId, ...edit } = request.body;
      const screened = await screenArticle(deps, me, edit);
      const out = await repo.resubmitArticle(me, fileId, { ...edit, ...screened.input }, deps.now());
      if (out.kind === 'not_found' || out.kind === 'unknown_link') throw notFound('素材不存在');
      if (out.kind === 'not_returned') throw new ApiError(409, 180105, '该素材正在审核中或审核仍有效，无需重新提交');
      if (out.kind === 'empty') throw badRequest('文章内容为空');
      const ctx = { place: 'article' as const, actorId: me, adviserId: me, subject: `material:${fileId}` };
      await recordMasked(deps, screened.masked, ctx);
      await submitted(me, fileId, 'resubmit');
      const hold = await settleHold(deps, screened.held, screened.text, ctx);
      return ok({ ...(await repo.materialDetail(me, fileId, null, deps.now()))!, hold });
    },
  );
};
