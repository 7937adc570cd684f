import type { FastifyPluginAsync } from 'fastify';

import {
  type ReachCallRequest as Target,
  ReachMessageRequest,
  ReachMessageResponse,
  ReachMessageResultRequest,
  ReachMessageResultResponse,
} from '../../../src/api/contract/market-map-reach';
import { SendOptionsQuery, SendOptionsResponse } from '../../../src/api/contract/market-map-send';
import { badRequest, notFound, ok, responses } from '../../http/errors';
import type { TypeBoxProvider } from '../../http/typebox';
import { enforce } from '../../policy/content-policy';
import type { ServiceOptions } from '../deps';
import { adviserId, requireSidAdviser } from './market-map-session';

/** Exactly one of card, clue or customer: a call is to one person, and the trail says through which entry. */
export function oneTarget(t: Target): void {
  const given = [t.card_id, t.clue_id, t.customer_id].filter((x) => x !== undefined).length;
  if (given !== 1) throw badRequest('请选择要联系的商机、线索或客户');
}

/**
 * A plain text for a customer: the content policy refuses a promise or a personal number (on the trail), and a
 * text the policy would hold for a reviewer cannot go straight into a chat either.
 */
async function checkedText(deps: ServiceOptions['deps'], adviser: number, text: string): Promise<string> {
  const out = await enforce(deps, text, {
    place: 'message',
    actorId: adviser,
    adviserId: adviser,
    subject: 'message:-',
  });
  if (out.held) throw badRequest(`${out.held.message}；消息须经合规审核，请改发已审核的素材`);
  return out.text;
}

/** The local WeCom external contact id: the seed has none, so it derives from the customer (the real one comes from WeCom). */
export const externalUserId = (customerId: number) => `wmLocal${String(customerId).padStart(8, '0')}`;

/**
 * Messages to a customer through WeCom: what 发消息 may offer, the message itself (its text checked by the content
 * policy and put on the trail before WeCom is asked), and WeCom's answer for it.
 */
export const reachMessageRoutes: FastifyPluginAsync<ServiceOptions> = async (fastify, { deps }) => {
  const app = fastify.withTypeProvider<TypeBoxProvider>();
  const guard = [deps.signed('marketMap'), requireSidAdviser(deps)];
  const repo = deps.repos.reach;

  // The chooser's question: a read, it records nothing and spends nothing (docs/workbench.md).
  app.get(
    '/chance/reach/send-options',
    { schema: { querystring: SendOptionsQuery, response: responses(SendOptionsResponse) }, preValidation: guard },
    async (request) => {
      const { card_id, clue_id, customer_id } = request.query;
      oneTarget({ card_id, clue_id, customer_id });
      const options = await deps.repos.send.sendOptions(adviserId(request), request.query, deps.now());
      if (!options) throw notFound('该联系人还不是你的企业微信客户');
      return ok(options);
    },
  );

  app.post(
    '/chance/reach/message',
    { schema: { body: ReachMessageRequest, response: responses(ReachMessageResponse) }, preValidation: guard },
    async (request) => {
      const { text, offer, ...target } = request.body;
      oneTarget(target);
      const me = adviserId(request);
      const now = deps.now();
      const checked = text === undefined ? '' : await checkedText(deps, me, text);
      const started = await repo.startMessage(me, target, now, checked);
      if (!started) throw notFound('该联系人还不是你的企业微信客户');
      if (text !== undefined)
        await deps.repos.compliance.record({
          kind: 'forward',
          actorId: me,
          adviserId: me,
          customerId: started.customerId,
          productId: null,
          subject: `message:${started.row.id}`,
          decision: 'pending',
          reason: null,
          detail: { text: checked, ...(offer ? { offer } : {}) },
          at: now,
        });
      return ok({
        contact_id: started.row.id,
        customer_id: started.customerId,
        external_user_id: externalUserId(started.customerId),
        display_name: started.displayName,
      });
    },
  );

  app.post(
    '/chance/reach/message-result',
    {
      schema: { body: ReachMessageResultRequest, response: responses(ReachMessageResultResponse) },
      preValidation: guard,
    },
    async (request) => {
      const me = adviserId(request);
      const { contact_id, ok: sent, reason } = request.body;
      const row = await repo.messageOf(me, contact_id);
      if (!row) throw notFound('消息记录不存在');
      await deps.repos.compliance.record({
        kind: 'forward',
        actorId: me,
        adviserId: me,
        customerId: row.customerId,
        productId: null,
        subject: `message:${row.id}`,
        decision: sent ? 'sent' : 'failed',
        reason: sent ? null : (reason ?? 'SEND_NOT_CONFIRMED'),
        detail: {},
        at: deps.now(),
      });
      return ok({ recorded: true });
    },
  );
};
