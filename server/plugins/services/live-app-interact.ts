import type { FastifyInstance, FastifyRequest } from 'fastify';

import { parseBusinessDate } from '../../../src/api/contract/dates';
import {
  type InteractAuth,
  InteractAuthRequest,
  InteractAuthResponse,
  InteractDeclineRequest,
  InteractDeclineResponse,
  InteractDetailRequest,
  InteractDetailResponse,
  LiveMinutesResponse,
  LiveOnlyRequest,
  LiveProductListResponse,
} from '../../../src/api/contract/live-room';
import { DEFAULT_PAGE, DEFAULT_PAGE_SIZE } from '../../../src/api/contract/live-rules';
import {
  LivesByCategoryRequest,
  LivesByCategoryResponse,
  SubscribeRequest,
  SubscribeResponse,
} from '../../../src/api/contract/lives';
import { badRequest, notFound, ok, responses } from '../../http/errors';
import type { TypeBoxProvider } from '../../http/typebox';
import { roomGate } from '../../materials/private-access';
import { privateViewerOf } from '../../materials/private-visibility';
import { declareQualification, declineQualification } from '../../materials/qualification';
import type { UserRow } from '../../repositories/users';
import { actingUser, viewerEmployeeId } from '../../security/identity';
import type { ServiceDeps } from '../deps';
import { loadLiveDetail, subscribe } from './live-routes';
import { livesPage } from './live-service';

/** Live-app routes of the live room (spec §7): subscribe, interact detail and authentication, products, minutes. */
export function liveAppInteractRoutes(fastify: FastifyInstance, deps: ServiceDeps) {
  const app = fastify.withTypeProvider<TypeBoxProvider>();
  const basic = [deps.signed('basic')];
  const withUser = [deps.signed('basic'), deps.guards.optionalUser];

  /**
   * The room's gate, decided here on every read and every attempt (nothing the viewer ticked is kept as a
   * pass): a qualification on record by the rule and an assessed, unexpired level matching the room's
   * private funds, the same tests as the store's private-fund pages. Employees are not shown products as
   * customers (they host and watch the room for work), so the gate is not theirs.
   */
  const gateOf = async (liveId: number, user: UserRow | null): Promise<InteractAuth> => {
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
  };

  app.post(
    '/api/live/subscribe',
    { schema: { body: SubscribeRequest, response: responses(SubscribeResponse) }, preValidation: withUser },
    async (request) => ok(await subscribe(deps, request, request.body)),
  );

  app.post(
    '/api/live/interact/getDetail',
    { schema: { body: InteractDetailRequest, response: responses(InteractDetailResponse) }, preValidation: withUser },
    async (request) => {
      const num_index = request.body.num_index;
      const employee_id = viewerEmployeeId(request, request.body.employee_id);
      const live = await loadLiveDetail(deps, num_index, employee_id);
      if (!live) throw notFound(`No live with id ${num_index}`);
      return ok({ live, auth: await gateOf(num_index, request.user ?? null) });
    },
  );

  app.post(
    '/api/live/interact/authentication',
    { schema: { body: InteractAuthRequest, response: responses(InteractAuthResponse) }, preValidation: withUser },
    async (request) => {
      const num_index = request.body.num_index;
      // A guest is told to sign in (401): the declaration and the assessment are a person's.
      const user = actingUser(request, request.body.employee_id);
      if (!(await deps.repos.liveRoom.liveTimes(num_index))) throw notFound(`No live with id ${num_index}`);
      const { basis, amount } = request.body;
      if ((basis === undefined) !== (amount === undefined)) throw badRequest('basis and amount go together');
      if (basis !== undefined && amount !== undefined) {
        await declareQualification(
          deps,
          user.id,
          { basis, amount },
          { subject: `live:${num_index}`, storeProductId: null, masterProductId: null },
        );
      }
      const gate = await gateOf(num_index, user);
      if (gate.passed) await deps.repos.liveRoom.confirmInteractAuth(num_index, user.employeeId, deps.now());
      return ok(gate);
    },
  );

  app.post(
    '/api/live/interact/decline',
    { schema: { body: InteractDeclineRequest, response: responses(InteractDeclineResponse) }, preValidation: withUser },
    async (request) => {
      const num_index = request.body.num_index;
      const user = actingUser(request, request.body.employee_id);
      if (!(await deps.repos.liveRoom.liveTimes(num_index))) throw notFound(`No live with id ${num_index}`);
      await declineQualification(deps, user.id, {
        subject: `live:${num_index}`,
        storeProductId: null,
        masterProductId: null,
      });
      return ok({ recorded: true });
    },
  );

  app.post(
    '/api/live/interact/getLivesByCategoryId',
    { schema: { body: LivesByCategoryRequest, response: responses(LivesByCategoryResponse) }, preValidation: withUser },
    async (request) => {
      const { date } = request.body;
      if (date !== undefined && !parseBusinessDate(date)) throw badRequest(`body.date: ${date} is not a calendar date`);
      // The home address's date bounds the list as the live service's list does: one rule, one place (livesPage).
      return ok(
        await livesPage(deps, {
          categoryId: request.body.category_id,
          employeeId: viewerEmployeeId(request, request.body.employee_id),
          date: date ?? null,
          page: request.body.page ?? DEFAULT_PAGE,
          pageSize: request.body.page_size ?? DEFAULT_PAGE_SIZE,
        }),
      );
    },
  );

  const liveOnly = { body: LiveOnlyRequest, response: responses(LiveProductListResponse) };
  /** A room's products as this viewer may see them: a private fund only for the qualified (private-visibility.ts). */
  const roomList = async (request: FastifyRequest, placement: 'product' | 'banner') => {
    const viewer = await privateViewerOf(deps.repos.store, request.user);
    const { num_index } = request.body as LiveOnlyRequest;
    return ok({
      list: await deps.repos.liveRoom.visibleProducts(num_index, placement, viewer, deps.now()),
    });
  };
  app.post('/api/live/interact/getProductLiveInfo', { schema: liveOnly, preValidation: withUser }, (request) =>
    roomList(request, 'product'),
  );
  app.post('/api/live/interact/getMarketingPosition', { schema: liveOnly, preValidation: withUser }, (request) =>
    roomList(request, 'banner'),
  );

  app.post(
    '/api/live/interact/getLiveMinutes',
    { schema: { body: LiveOnlyRequest, response: responses(LiveMinutesResponse) }, preValidation: basic },
    async (request) => {
      const live = await deps.repos.liveRoom.liveTimes(request.body.num_index);
      if (!live) throw notFound(`No live with id ${request.body.num_index}`);
      return ok({ num_index: live.id, title: live.title, list: await deps.repos.liveRoom.minutes(live.id) });
    },
  );
}
