import type { FastifyInstance, FastifyRequest } from 'fastify';

import {
  type InteractAuth,
  InteractAuthRequest,
  InteractAuthResponse,
  InteractDeclineRequest,
  InteractDeclineResponse,
  InteractDetailRequest,
  InteractDetailResponse,
} from '../../../src/api/contract/live-room';
import { badRequest, notFound, ok, responses } from '../../http/errors';
import type { TypeBoxProvider } from '../../http/typebox';
import { roomGate } from '../../materials/private-access';
import { type DeclarationSource, declareQualification, declineQualification } from '../../materials/qualification';
import type { UserRow } from '../../repositories/users';
import { actingUser, viewerEmployeeId } from '../../security/identity';
import type { ServiceDeps } from '../deps';
import { loadLiveDetail } from './live-routes';

/**
 * The room's gate, decided here on every read and every attempt (nothing the viewer ticked is kept as a
 * pass): a qualification on record by the rule and an assessed, unexpired level matching the room's
 * private funds, the same tests as the store's private-fund pages. Employees are not shown products as
 * customers (they host and watch the room for work), so the gate is not theirs.
 */
async function gateOf(deps: ServiceDeps, liveId: number, user: UserRow | null): Promise<InteractAuth> {
  const required = await deps.repos.liveRoom.interactRequirement(liveId);
  if (!required) return { required: null, passed: true, refusal: null, message: '', product_level: null };
  const privateLevels = (await deps.repos.liveRoom.products(liveId, 'product')).flatMap((p) =>
    p.privateLevel === null || p.privateLevel === 'unknown' ? [] : [p.privateLevel],
  );
  if (user && user.role !== 'customer') {
    return {
      required,
      passed: true,
      refusal: null,
      message: '',
      product_level: roomGate({ signedIn: true, qualified: true, reader: null, privateLevels: [], now: deps.now() })
        .productLevel,
    };
  }
  const [qualification, customer] = user
    ? await Promise.all([deps.repos.store.qualification(user.id), deps.repos.store.customerOf(user.id)])
    : [null, null];
  const gate = roomGate({
    signedIn: Boolean(user),
    qualified: Boolean(qualification),
    reader: customer && { riskLevel: customer.riskLevel, riskExpiresAt: customer.riskExpiresAt },
    privateLevels,
    now: deps.now(),
  });
  return {
    required,
    passed: gate.refusal === null,
    refusal: gate.refusal,
    message: gate.message,
    product_level: gate.productLevel,
  };
}

/** The room's gate: the interact detail with the viewer's standing, the qualification declared, or declined. */
export function liveAppGateRoutes(fastify: FastifyInstance, deps: ServiceDeps) {
  const app = fastify.withTypeProvider<TypeBoxProvider>();
  const withUser = [deps.signed('basic'), deps.guards.optionalUser];
  /**
   * Who declares, and where. A guest is told to sign in (401) before anything else: the declaration and the
   * assessment are a person's. Then the room (404 for one that does not exist), with no store product.
   */
  const declarant = async (request: FastifyRequest, body: InteractDeclineRequest) => {
    const user = actingUser(request, body.employee_id);
    const num_index = body.num_index;
    if (!(await deps.repos.liveRoom.liveTimes(num_index))) throw notFound(`No live with id ${num_index}`);
    const source: DeclarationSource = { subject: `live:${num_index}`, storeProductId: null, masterProductId: null };
    return { user, num_index, source };
  };

  app.post(
    '/api/live/interact/getDetail',
    { schema: { body: InteractDetailRequest, response: responses(InteractDetailResponse) }, preValidation: withUser },
    async (request) => {
      const num_index = request.body.num_index;
      const employee_id = viewerEmployeeId(request, request.body.employee_id);
      const live = await loadLiveDetail(deps, num_index, employee_id);
      if (!live) throw notFound(`No live with id ${num_index}`);
      return ok({ live, auth: await gateOf(deps, num_index, request.user ?? null) });
    },
  );

  app.post(
    '/api/live/interact/authentication',
    { schema: { body: InteractAuthRequest, response: responses(InteractAuthResponse) }, preValidation: withUser },
    async (request) => {
      const { user, num_index, source } = await declarant(request, request.body);
      const { basis, amount } = request.body;
      if ((basis === undefined) !== (amount === undefined)) throw badRequest('basis and amount go together');
      if (basis !== undefined && amount !== undefined) {
        await declareQualification(deps, user.id, { basis, amount }, source);
      }
      const gate = await gateOf(deps, num_index, user);
      if (gate.passed) await deps.repos.liveRoom.confirmInteractAuth(num_index, user.employeeId, deps.now());
      return ok(gate);
    },
  );

  app.post(
    '/api/live/interact/decline',
    { schema: { body: InteractDeclineRequest, response: responses(InteractDeclineResponse) }, preValidation: withUser },
    async (request) => {
      const { user, source } = await declarant(request, request.body);
      await declineQualification(deps, user.id, source);
      return ok({ recorded: true });
    },
  );
}
