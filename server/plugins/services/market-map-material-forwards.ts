import type { FastifyPluginAsync } from 'fastify';

import {
  ForwardRequest,
  ForwardResponse,
  RecipientsQuery,
  RecipientsResponse,
  ShareRecordRequest,
  ShareRecordResponse,
} from '../../../src/api/contract/market-map-materials';
import { HOLD_LABELS } from '../../../src/api/contract/policy-holds';
import { StoreErrorCode } from '../../../src/api/contract/store-constants';
import { ApiError, notFound, ok, responses } from '../../http/errors';
import type { TypeBoxProvider } from '../../http/typebox';
import { htmlToText } from '../../materials/sanitize';
import { enforce, type Held } from '../../policy/content-policy';
import { settleHold } from '../../policy/holds';
import type { ServiceDeps, ServiceOptions } from '../deps';
import { adviserId, requireSidAdviser } from './market-map-session';

/** The app route a tracked link opens (src/routes/table.ts readMaterial). */
export const READ_ROUTE = '/readMaterial';
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

/** Forwarding a material: the recipients with their verdicts, the send, and WeCom's answer for it. */
export const materialForwardRoutes: FastifyPluginAsync<ServiceOptions> = async (fastify, { deps }) => {
  const app = fastify.withTypeProvider<TypeBoxProvider>();
  const guard = [deps.signed('marketMap'), requireSidAdviser(deps)];
  const repo = deps.repos.materials;

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
};
