import { Value } from '@sinclair/typebox/value';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';

import { CredentialHeader, TRACKING_APP_ID } from '../../src/api/contract/headers';
import {
  OwnEventRequest,
  OwnFastRequest,
  OwnTrackingAck,
  type OwnTrackingCommon,
} from '../../src/api/contract/tracking';
import { OWN_TRACKING, OwnTrackingPath, type OwnTrackingVariant } from '../../src/api/contract/tracking-wire';
import { WORKBENCH_EVENT_DATA } from '../../src/api/contract/tracking-workbench';
import { badRequest, forbidden, ok, responses } from '../http/errors';
import type { TypeBoxProvider } from '../http/typebox';
import { namesUser } from '../security/identity';
import type { ServiceOptions } from './deps';

/**
 * The checks the firm's collector would make so a row is never stored under the wrong
 * identity: the appid header, the channel of the variant, and version ↔ flow (docs/rules/roles.md, docs/rules/constants.md#versions).
 */
export function ownTrackingProblem(
  variant: OwnTrackingVariant,
  body: OwnTrackingCommon,
  appId: unknown,
): string | null {
  if (appId !== TRACKING_APP_ID) return `请求头 appid 必须为 ${TRACKING_APP_ID}`;
  if (body.product_source !== OWN_TRACKING.productSource) return `product_source 必须为 ${OWN_TRACKING.productSource}`;
  if (body.channel_source !== OWN_TRACKING.channelSource[variant]) {
    return `${variant === 'advisor' ? '理财师' : '客户'}埋点的 channel_source 必须为 ${OWN_TRACKING.channelSource[variant]}`;
  }
  const appFlow = body.project_utype === OWN_TRACKING.projectUtype.app;
  const wantVersion = appFlow ? OWN_TRACKING.version.app : OWN_TRACKING.version[variant];
  if (body.version !== wantVersion) return `project_utype ${body.project_utype} 的 version 必须为 ${wantVersion}`;
  if (variant === 'customer' && body.is_analyst !== 0) return '客户埋点的 is_analyst 必须为 0';
  if (variant === 'advisor' && appFlow) return 'App 流程不走理财师埋点';
  return null;
}

/**
 * An event the app defines the data of (the workbench's call outcomes and failed sends) is stored only as defined:
 * a report counting outcomes or reasons must not meet a row it cannot read.
 */
export function ownEventDataProblem(name: string, data: unknown): string | null {
  const schema = (
    WORKBENCH_EVENT_DATA as Record<string, (typeof WORKBENCH_EVENT_DATA)[keyof typeof WORKBENCH_EVENT_DATA]>
  )[name];
  if (!schema) return null;
  const first = Value.Errors(schema, data).First();
  return first ? `${name} 的 event_data 不符合约定：${first.path || '/'} ${first.message}` : null;
}

/**
 * Whose event a row is: the token's user (the id the body used for them, else their uuid); a guest's
 * event is anonymous, whatever ids its body names, so no one can file usage under a customer's name.
 */
function attributed<B extends OwnTrackingCommon>(request: FastifyRequest, body: B): { userid: string; payload: B } {
  const user = request.user;
  if (!user) return { userid: '', payload: { ...body, userid: '', uuid: '' } };
  return { userid: body.userid && namesUser(user, body.userid) ? body.userid : user.uuid, payload: body };
}

/** Own tracking endpoints (docs/rules/services.md#own-tracking): customer at the base, advisor under /advisor. */
export const ownTrackingPlugin: FastifyPluginAsync<ServiceOptions> = async (fastify, { deps }) => {
  const app = fastify.withTypeProvider<TypeBoxProvider>();
  const check = (variant: OwnTrackingVariant, request: FastifyRequest, body: OwnTrackingCommon) => {
    // Guests may report usage; a signed-in caller reports only as itself.
    const ids = [body.userid, (body as { uuid?: string }).uuid].filter(
      (id): id is string => typeof id === 'string' && id !== '',
    );
    if (request.user && ids.some((id) => !namesUser(request.user!, id)))
      throw forbidden('userid/uuid name another user than the one signed in');
    const problem = ownTrackingProblem(variant, body, request.headers[CredentialHeader.appId]);
    if (problem) throw badRequest(problem);
  };
  /** Checks a report, then stores it under whoever it is attributed to; `dataProblem` is what else refuses it. */
  const record = async (
    variant: OwnTrackingVariant,
    request: FastifyRequest,
    body: OwnTrackingCommon,
    row: { kind: 'event' | 'fast'; name: string },
    dataProblem: string | null = null,
  ) => {
    check(variant, request, body);
    if (dataProblem) throw badRequest(dataProblem);
    const { userid, payload } = attributed(request, body);
    const id = await deps.repos.tracking.addOwnTracking({ variant, ...row, userid, payload, receivedAt: deps.now() });
    return ok({ id });
  };
  // Either kind of report: signed by the app, from a guest or a signed-in user, within the analytics rate.
  const reported = {
    preValidation: [deps.signed('basic'), deps.guards.optionalUser],
    config: { rate: 'analytics' as const },
  };
  for (const variant of ['customer', 'advisor'] as const) {
    app.post(
      OwnTrackingPath[variant].event,
      {
        schema: { body: OwnEventRequest, response: responses(OwnTrackingAck) },
        ...reported,
      },
      async (request) =>
        record(
          variant,
          request,
          request.body,
          { kind: 'event', name: request.body.event_name },
          ownEventDataProblem(request.body.event_name, request.body.event_data),
        ),
    );
    app.post(
      OwnTrackingPath[variant].fast,
      {
        schema: { body: OwnFastRequest, response: responses(OwnTrackingAck) },
        ...reported,
      },
      async (request) => record(variant, request, request.body, { kind: 'fast', name: request.body.method }),
    );
  }
};
