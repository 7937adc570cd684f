import { Type } from '@sinclair/typebox';
import type { FastifyPluginAsync } from 'fastify';

import {
  ReachBridgeResponse,
  ReachCallRequest,
  type ReachCallRequest as Target,
  ReachCallResponse,
  ReachMessageRequest,
  ReachMessageResponse,
  ReachMessageResultRequest,
  ReachMessageResultResponse,
  ReachOutcomeRequest,
  ReachOutcomeResponse,
  ReachRecentQuery,
  ReachRecentResponse,
} from '../../../src/api/contract/market-map-reach';
import { SendOptionsQuery, SendOptionsResponse } from '../../../src/api/contract/market-map-send';
import { badRequest, notFound, ok, responses } from '../../http/errors';
import type { TypeBoxProvider } from '../../http/typebox';
import { enforce } from '../../policy/content-policy';
import type { ServiceOptions } from '../deps';
import { adviserId, requireSidAdviser } from './market-map-session';

const CALL_ROUTE = '/chance/reach/call';

/** Exactly one of card, clue or customer: a call is to one person, and the trail says through which entry. */
function oneTarget(t: Target): void {
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
 * Calls and messages to a customer or a clue's visitor. The number never leaves the server: a call
 * gets a one-time link to the firm's bridge (here a stand-in that records the dial), and every
 * start and outcome is a row in the reach trail.
 */
export const marketMapReachPlugin: FastifyPluginAsync<ServiceOptions> = async (fastify, { deps }) => {
  const app = fastify.withTypeProvider<TypeBoxProvider>();
  const guard = [deps.signed('marketMap'), requireSidAdviser(deps)];
  const repo = deps.repos.reach;

  app.post(
    CALL_ROUTE,
    { schema: { body: ReachCallRequest, response: responses(ReachCallResponse) }, preValidation: guard },
    async (request) => {
      oneTarget(request.body);
      const started = await repo.startCall(adviserId(request), request.body, deps.now());
      if (!started) throw notFound('联系对象不存在');
      const base = request.url.slice(0, request.url.indexOf(CALL_ROUTE));
      return ok({
        call_id: started.row.id,
        link: `${request.protocol}://${request.host}${base}/chance/reach/bridge/${started.token}`,
        expires_at: Math.floor(started.expiresAt.getTime() / 1000),
        phone_masked: started.phoneMasked,
        display_name: started.displayName,
      });
    },
  );

  // The bridge is opened by the phone, not the signed app: the one-time token is the whole credential.
  app.get(
    '/chance/reach/bridge/:token',
    {
      schema: {
        params: Type.Object({ token: Type.String({ minLength: 16, maxLength: 64, pattern: '^[A-Za-z0-9_-]+$' }) }),
        response: responses(ReachBridgeResponse),
      },
    },
    async (request) => {
      const row = await deps.repos.reach.bridge(request.params.token, deps.now());
      if (!row) throw notFound('呼叫链接已使用或已过期，请重新拨打');
      return ok({ call_id: row.id, message: '正在通过公司号码接通，请留意来电' });
    },
  );

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

  app.post(
    '/chance/reach/outcome',
    { schema: { body: ReachOutcomeRequest, response: responses(ReachOutcomeResponse) }, preValidation: guard },
    async (request) => {
      const { call_id, outcome, note } = request.body;
      const saved = await repo.recordOutcome(adviserId(request), call_id, outcome, note ?? '', deps.now());
      if (!saved) throw notFound('通话记录不存在');
      return ok(saved);
    },
  );

  app.get(
    '/chance/reach/recent',
    { schema: { querystring: ReachRecentQuery, response: responses(ReachRecentResponse) }, preValidation: guard },
    async (request) => {
      oneTarget(request.query);
      const list = await repo.recent(adviserId(request), request.query);
      if (!list) throw notFound('联系对象不存在');
      return ok({ list });
    },
  );
};
