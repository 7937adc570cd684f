import { Type } from '@sinclair/typebox';
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';

import { Id } from '../../../src/api/contract/id';
import {
  FileDetailQuery,
  FileDetailResponse,
  ForwardRequest,
  ForwardResponse,
  ProjectFilesQuery,
  ProjectFilesResponse,
  ReadBeaconRequest,
  ReadBeaconResponse,
  RecipientsQuery,
  RecipientsResponse,
  ResubmitRequest,
  ShareMaterialQuery,
  ShareMaterialResponse,
  ShareRecordRequest,
  ShareRecordResponse,
  type TransformRequest as TransformBody,
  TransformRequest,
  TransformResponse,
} from '../../../src/api/contract/market-map-materials';
import { HOLD_LABELS } from '../../../src/api/contract/policy-holds';
import { StoreErrorCode } from '../../../src/api/contract/store-constants';
import { findPersonalNumbers } from '../../../src/lib/content-policy';
import { ApiError, badRequest, notFound, ok, responses } from '../../http/errors';
import type { TypeBoxProvider } from '../../http/typebox';
import { htmlToText, sanitizeArticleHtml } from '../../materials/sanitize';
import { verifyPdfSig } from '../../materials/tokens';
import { WX_SAMPLES } from '../../materials/wx-samples';
import { enforce, type Held, type Masked, recordMasked, refuseHit } from '../../policy/content-policy';
import { markOf, settleHold } from '../../policy/holds';
import { maskHtmlNumbers } from '../../policy/html';
import type { ServiceDeps, ServiceOptions } from '../deps';
import { adviserId, requireSidAdviser } from './market-map-session';

/** The app route a tracked link opens (src/routes/table.ts readMaterial). */
export const READ_ROUTE = '/readMaterial';
const PdfParams = Type.Object({ id: Id });
const PdfQuery = Type.Object(
  {
    a: Id,
    exp: Type.Integer({ minimum: 0 }),
    sig: Type.String({ maxLength: 64, pattern: '^[A-Za-z0-9_-]+$' }),
  },
  { additionalProperties: false },
);
const SharePageQuery = Type.Object(
  { token: ShareMaterialQuery.properties.token, open_key: Type.Optional(ReadBeaconRequest.properties.open_key) },
  { additionalProperties: false },
);

const inWechat = (request: FastifyRequest) => /MicroMessenger/i.test(request.headers['user-agent'] ?? '');

/** The PDF's bytes, whole or the one range PDF.js asks for (it reads big files in chunks). */
function sendPdf(request: FastifyRequest, reply: FastifyReply, bytes: Uint8Array) {
  const buf = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  reply.headers({
    'content-type': 'application/pdf',
    'accept-ranges': 'bytes',
    'cache-control': 'private, max-age=3600',
  });
  const range = /^bytes=(\d*)-(\d*)$/.exec(request.headers.range ?? '');
  if (!range || (!range[1] && !range[2])) return reply.header('content-length', buf.length).send(buf);
  const start = range[1] ? Number(range[1]) : Math.max(0, buf.length - Number(range[2]));
  const end = range[1] && range[2] ? Math.min(Number(range[2]), buf.length - 1) : buf.length - 1;
  if (start >= buf.length || start > end)
    return reply.code(416).header('content-range', `bytes */${buf.length}`).send();
  return reply
    .code(206)
    .headers({ 'content-range': `bytes ${start}-${end}/${buf.length}`, 'content-length': end - start + 1 })
    .send(buf.subarray(start, end + 1));
}

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
 * Sending is a material's publication: its title, summary and text meet the policy again (older materials
 * too). A held one (the article as transformed, or a material the policy now holds) waits for a reviewer's
 * approval on 审核台; until then, or once rejected, it is not sent.
 */
async function screenMaterial(deps: ServiceDeps, me: number, fileId: number): Promise<void> {
  const m = await deps.repos.materials.findMaterial(me, fileId);
  if (!m) return;
  const ctx = { place: 'material' as const, actorId: me, adviserId: me, subject: `material:${m.id}` };
  const texts = [m.title, m.summary ?? '', m.html ? htmlToText(m.html) : ''].filter(Boolean);
  let held: Held = null;
  for (const text of texts) held = (await enforce(deps, text, ctx)).held ?? held;
  let hold = await deps.repos.holds.bySubject(ctx.subject);
  if (!hold && held) {
    await settleHold(deps, held, texts.join('\n'), { ...ctx, actorId: m.ownerAdviserId ?? me });
    hold = await deps.repos.holds.bySubject(ctx.subject);
  }
  if (hold && hold.status !== 'approved')
    throw new ApiError(
      400,
      StoreErrorCode.held,
      hold.status === 'held'
        ? `该素材${HOLD_LABELS.held}（${hold.message}），审核通过后才能转发`
        : `该素材未通过合规审核（${hold.decisionReason ?? hold.message}），不能转发`,
    );
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

  app.get(
    '/chance/file/recipients',
    { schema: { querystring: RecipientsQuery, response: responses(RecipientsResponse) }, preValidation: guard },
    async (request) => {
      const page = await repo.recipients(adviserId(request), request.query, deps.now());
      if (!page) throw notFound('素材不存在');
      return ok(page);
    },
  );

  app.post(
    '/chance/file/forward',
    { schema: { body: ForwardRequest, response: responses(ForwardResponse) }, preValidation: guard },
    async (request) => {
      const base = `${request.protocol}://${request.host}${READ_ROUTE}`;
      await screenMaterial(deps, adviserId(request), request.body.fileId);
      const out = await repo.forward(adviserId(request), request.body, base, deps.now());
      if (out.kind === 'material_not_found') throw notFound('素材不存在');
      if (out.kind === 'customer_not_found') throw notFound('客户不存在');
      return ok(out.result);
    },
  );

  app.post(
    '/chance/file/share-record',
    { schema: { body: ShareRecordRequest, response: responses(ShareRecordResponse) }, preValidation: guard },
    async (request) => {
      const n = await repo.recordShare(
        adviserId(request),
        request.body.forward_ids,
        request.body.api,
        request.body.ok,
        deps.now(),
        request.body.reason,
      );
      if (n === null) throw notFound('转发记录不存在');
      return ok({ recorded: n });
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

  // PDF.js cannot sign its range requests: the address itself carries a short-lived signature.
  app.get('/chance/file/pdf/:id', { schema: { params: PdfParams, querystring: PdfQuery } }, async (request, reply) => {
    const { a, exp, sig } = request.query;
    if (!verifyPdfSig(a, request.params.id, exp, sig, deps.now())) throw notFound('文档不存在或链接已过期');
    const visible = await repo.findMaterial(a, request.params.id);
    const file = visible ? await repo.pdfBytes(visible.id) : null;
    if (!file) throw notFound('文档不存在');
    return sendPdf(request, reply, file.bytes);
  });

  app.get(
    '/share/material',
    {
      schema: { querystring: SharePageQuery, response: responses(ShareMaterialResponse) },
      config: { rate: 'sharePage' },
    },
    async (request) => {
      const found = await repo.shareMaterial(
        request.query.token,
        request.query.open_key,
        inWechat(request),
        deps.now(),
      );
      if (!found) throw notFound('链接无效');
      return ok(found);
    },
  );

  app.get(
    '/share/pdf',
    { schema: { querystring: ShareMaterialQuery }, config: { rate: 'sharePage' } },
    async (request, reply) => {
      const id = await repo.sharePdfMaterialId(request.query.token);
      const file = id ? await repo.pdfBytes(id) : null;
      if (!file) throw notFound('文档不存在');
      return sendPdf(request, reply, file.bytes);
    },
  );

  await app.register(async (scope) => {
    // sendBeacon on pagehide posts text/plain (no preflight): the same JSON, parsed here only.
    scope.removeContentTypeParser('text/plain');
    scope.addContentTypeParser('text/plain', { parseAs: 'string' }, (_req, body, done) => {
      try {
        done(null, JSON.parse(body as string));
      } catch {
        done(badRequest('无效的请求体'), undefined);
      }
    });
    scope.withTypeProvider<TypeBoxProvider>().post(
      '/share/read',
      {
        schema: { body: ReadBeaconRequest, response: responses(ReadBeaconResponse) },
        config: { rate: 'readBeacon' },
      },
      async (request) => {
        const read = await repo.recordRead(
          { ...request.body, in_wechat: request.body.in_wechat || inWechat(request) },
          deps.now(),
        );
        if (!read) throw notFound('链接无效');
        return ok(read);
      },
    );
  });
};
