import type { FastifyInstance } from 'fastify';
import type { FastifyRequest } from 'fastify';

import { LiveStatus } from '../../../src/api/contract/live-constants';
import {
  type LiveDetail,
  LiveDetailRequest,
  LiveDetailResponse,
  LivesByCategoryResponse,
  LiveStateParams,
  LiveStatisticsResponse,
  MySubscriptionsRequest,
  type SubscribeRequest as SubscribeBody,
  SubscribeRequest,
  SubscribeResponse,
} from '../../../src/api/contract/lives';
import { badRequest, notFound, ok, responses } from '../../http/errors';
import type { TypeBoxProvider } from '../../http/typebox';
import type { UserRow } from '../../repositories/users';
import { actingUser, viewerEmployeeId } from '../../security/identity';
import { ServiceBase } from '../../services';
import type { ServiceDeps } from '../deps';

/** Where the sample video lives (server/plugins/media.ts serves it). */
export const SAMPLE_HLS_URL = `${ServiceBase.media}/video/sample.m3u8`;
export const SAMPLE_MP4_URL = `${ServiceBase.media}/video/sample.mp4`;

/** A live as its detail screens show it; null when there is no such live. */
export async function loadLiveDetail(
  deps: ServiceDeps,
  id: number,
  employeeId: string,
  now: Date = deps.now(),
): Promise<LiveDetail | null> {
  const item = await deps.repos.lives.getItem(id, employeeId, now);
  if (!item) return null;
  const [presenters, counts] = await Promise.all([
    deps.repos.liveRoom.presenters(id),
    deps.repos.liveRoom.counts(id, item.room_id),
  ]);
  return {
    ...item,
    presenters,
    hls_url: SAMPLE_HLS_URL,
    mp4_url: SAMPLE_MP4_URL,
    message_count: counts.messages + counts.leaves,
  };
}

/** Subscribe or cancel (docs/rules/validation.md#subscribe-payload: union_id only when not null); an ended live cannot be subscribed. */
export async function subscribe(deps: ServiceDeps, request: FastifyRequest, body: SubscribeBody) {
  // The subscriber is the session's user; the body's name and ids are not trusted.
  const user = actingUser(request, body.employee_id);
  const now = deps.now();
  const live = await deps.repos.liveRoom.liveTimes(body.num_index);
  if (!live) throw notFound(`No live with id ${body.num_index}`);
  const on = body.is_subscribe !== 0;
  if (on && live.endTime.getTime() <= now.getTime()) throw badRequest('直播已结束，无法预约');
  return deps.repos.liveRoom.setSubscription(
    body.num_index,
    { employeeId: user.employeeId, realName: user.realName, unionId: user.unionId ?? null },
    on,
    now,
  );
}

/** Live-service routes of the live screens (docs/rules/services.md): details, subscriptions, statistics. */
export function liveServiceLiveRoutes(fastify: FastifyInstance, deps: ServiceDeps) {
  const app = fastify.withTypeProvider<TypeBoxProvider>();
  const detail = async (request: FastifyRequest) => {
    const body = request.body as LiveDetailRequest;
    const found = await loadLiveDetail(deps, body.num_index, viewerEmployeeId(request, body.employee_id));
    if (!found) throw notFound(`No live with id ${body.num_index}`);
    return ok(found);
  };
  const detailSchema = { body: LiveDetailRequest, response: responses(LiveDetailResponse) };
  app.post(
    '/api/live/getDetail',
    { schema: detailSchema, preValidation: [deps.signed('content'), deps.guards.optionalUser] },
    detail,
  );
  app.post(
    '/api/live/activity/detail',
    { schema: detailSchema, preValidation: [deps.signed('basic'), deps.guards.optionalUser] },
    detail,
  );

  const subscribeSchema = { body: SubscribeRequest, response: responses(SubscribeResponse) };
  app.post(
    '/api/live/activity/activitySubscribe',
    { schema: subscribeSchema, preValidation: [deps.signed('basic'), deps.guards.optionalUser] },
    async (request) => ok(await subscribe(deps, request, request.body)),
  );
  app.post(
    '/api/live/wechatSubscribe',
    { schema: subscribeSchema, preValidation: [deps.signed('content'), deps.guards.optionalUser] },
    async (request) => ok(await subscribe(deps, request, request.body)),
  );

  app.post(
    '/api/live/mySubscriptions',
    {
      schema: { body: MySubscriptionsRequest, response: responses(LivesByCategoryResponse) },
      preValidation: [deps.signed('content'), deps.guards.requireUser],
    },
    async (request) => {
      // Whose bookings: the session's user only; nothing in the body names anyone.
      const user = request.user as UserRow;
      const pageSize = request.body.page_size ?? 10;
      const { total, items } = await deps.repos.lives.subscribedBy(user.employeeId, deps.now(), pageSize);
      return ok({ list: items, total, page: 1, page_size: pageSize });
    },
  );

  app.get(
    '/api/live/statistics/data/:id',
    {
      schema: { params: LiveStateParams, response: responses(LiveStatisticsResponse) },
      preValidation: [deps.signed('content')],
    },
    async (request) => {
      const id = request.params.id;
      const item = await deps.repos.lives.getItem(id, '', deps.now());
      if (!item) throw notFound(`No live with id ${id}`);
      const counts = await deps.repos.liveRoom.counts(id, item.room_id);
      return ok({
        num_index: id,
        status: item.status,
        onlines: item.status === LiveStatus.live ? item.onlines : 0,
        subscribe_number: item.subscribe_number,
        playback_number: item.playback_number,
        message_count: counts.messages,
        leave_message_count: counts.leaves,
      });
    },
  );
}
