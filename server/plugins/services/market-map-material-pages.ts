import { Type } from '@sinclair/typebox';
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';

import { Id } from '../../../src/api/contract/id';
import {
  ReadBeaconRequest,
  ReadBeaconResponse,
  ShareMaterialQuery,
  ShareMaterialResponse,
} from '../../../src/api/contract/market-map-materials';
import { badRequest, notFound, ok, responses } from '../../http/errors';
import type { TypeBoxProvider } from '../../http/typebox';
import { verifyPdfSig } from '../../materials/tokens';
import type { ServiceOptions } from '../deps';

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
 * What a material's readers open: its PDF at a signed address, and the customer's tracked link (unsigned, scoped by
 * the link's token, an unknown token is 404) with its read beacon, rate-limited per address.
 */
export const materialPageRoutes: FastifyPluginAsync<ServiceOptions> = async (fastify, { deps }) => {
  const app = fastify.withTypeProvider<TypeBoxProvider>();
  const repo = deps.repos.materials;

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
