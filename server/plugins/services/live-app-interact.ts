import type { FastifyInstance, FastifyRequest } from 'fastify';

import { parseBusinessDate } from '../../../src/api/contract/dates';
import { LiveMinutesResponse, LiveOnlyRequest, LiveProductListResponse } from '../../../src/api/contract/live-room';
import { DEFAULT_PAGE, DEFAULT_PAGE_SIZE } from '../../../src/api/contract/live-rules';
import {
  LivesByCategoryRequest,
  LivesByCategoryResponse,
  SubscribeRequest,
  SubscribeResponse,
} from '../../../src/api/contract/lives';
import { badRequest, notFound, ok, responses } from '../../http/errors';
import type { TypeBoxProvider } from '../../http/typebox';
import { privateViewerOf } from '../../materials/private-visibility';
import { viewerEmployeeId } from '../../security/identity';
import type { ServiceDeps } from '../deps';
import { liveAppGateRoutes } from './live-app-gate';
import { subscribe } from './live-routes';
import { livesPage } from './live-service';

/** Live-app routes of the live room (docs/rules/services.md#live-app): subscribe, interact detail and authentication, products, minutes. */
export function liveAppInteractRoutes(fastify: FastifyInstance, deps: ServiceDeps) {
  const app = fastify.withTypeProvider<TypeBoxProvider>();
  const basic = [deps.signed('basic')];
  const withUser = [deps.signed('basic'), deps.guards.optionalUser];

  liveAppGateRoutes(fastify, deps);

  app.post(
    '/api/live/subscribe',
    { schema: { body: SubscribeRequest, response: responses(SubscribeResponse) }, preValidation: withUser },
    async (request) => ok(await subscribe(deps, request, request.body)),
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
