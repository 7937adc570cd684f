import type { FastifyInstance } from 'fastify';
import { LivesByCategoryRequest, LivesByCategoryResponse, SubscribeRequest, SubscribeResponse } from '../../../src/api/contract/lives';
import {
  InteractAuthRequest,
  InteractAuthResponse,
  InteractDetailRequest,
  InteractDetailResponse,
  LiveMinutesResponse,
  LiveOnlyRequest,
  LiveProductListResponse,
} from '../../../src/api/contract/liveRoom';
import { DEFAULT_PAGE, DEFAULT_PAGE_SIZE } from '../../../src/api/contract/liveRules';
import { notFound, ok, responses } from '../../http/errors';
import type { TypeBoxProvider } from '../../http/typebox';
import type { ServiceDeps } from '../deps';
import { loadLiveDetail, subscribe } from './live-routes';
import { actingUser, viewerEmployeeId } from '../../security/identity';

/** Live-app routes of the live room (spec §7): subscribe, interact detail and authentication, products, minutes. */
export function liveAppInteractRoutes(fastify: FastifyInstance, deps: ServiceDeps) {
  const app = fastify.withTypeProvider<TypeBoxProvider>();
  const basic = [deps.signed('basic')];
  const withUser = [deps.signed('basic'), deps.guards.optionalUser];

  app.post('/api/live/subscribe', { schema: { body: SubscribeRequest, response: responses(SubscribeResponse) }, preValidation: withUser }, async (request) =>
    ok(await subscribe(deps, request, request.body)),
  );

  app.post(
    '/api/live/interact/getDetail',
    { schema: { body: InteractDetailRequest, response: responses(InteractDetailResponse) }, preValidation: withUser },
    async (request) => {
      const num_index = request.body.num_index;
      const employee_id = viewerEmployeeId(request, request.body.employee_id);
      const live = await loadLiveDetail(deps, num_index, employee_id);
      if (!live) throw notFound(`No live with id ${num_index}`);
      return ok({ live, auth: await deps.repos.liveRoom.interactAuth(num_index, employee_id) });
    },
  );

  app.post(
    '/api/live/interact/authentication',
    { schema: { body: InteractAuthRequest, response: responses(InteractAuthResponse) }, preValidation: withUser },
    async (request) => {
      const num_index = request.body.num_index;
      const employee_id = actingUser(request, request.body.employee_id).employeeId;
      if (!(await deps.repos.liveRoom.liveTimes(num_index))) throw notFound(`No live with id ${num_index}`);
      await deps.repos.liveRoom.confirmInteractAuth(num_index, employee_id, deps.now());
      return ok(await deps.repos.liveRoom.interactAuth(num_index, employee_id));
    },
  );

  app.post(
    '/api/live/interact/getLivesByCategoryId',
    { schema: { body: LivesByCategoryRequest, response: responses(LivesByCategoryResponse) }, preValidation: withUser },
    async (request) => {
      const page = request.body.page ?? DEFAULT_PAGE;
      const pageSize = request.body.page_size ?? DEFAULT_PAGE_SIZE;
      const { total, items } = await deps.repos.lives.listByCategory({
        categoryId: request.body.category_id,
        employeeId: viewerEmployeeId(request, request.body.employee_id),
        now: deps.now(),
        endedSince: null,
        page,
        pageSize,
      });
      return ok({ list: items, total, page, page_size: pageSize });
    },
  );

  const liveOnly = { body: LiveOnlyRequest, response: responses(LiveProductListResponse) };
  app.post('/api/live/interact/getProductLiveInfo', { schema: liveOnly, preValidation: basic }, async (request) =>
    ok({ list: await deps.repos.liveRoom.products(request.body.num_index, 'product') }),
  );
  app.post('/api/live/interact/getMarketingPosition', { schema: liveOnly, preValidation: basic }, async (request) =>
    ok({ list: await deps.repos.liveRoom.products(request.body.num_index, 'banner') }),
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
