import { randomUUID } from 'node:crypto';
import querystring from 'node:querystring';
import { Type } from '@sinclair/typebox';
import type { FastifyPluginAsync } from 'fastify';

import {
  AnalyticsAck,
  AnalyticsPayload,
  DeeplinkQuery,
  DeeplinkResponse,
  ErrorReportAck,
} from '../../src/api/contract/tracking';
import { AnalyticsDecodeError, analyticsDedupKey, decodeAnalyticsPayload } from '../analytics/decode';
import { badRequest, ok, responses } from '../http/errors';
import type { TypeBoxProvider } from '../http/typebox';
import type { AnalyticsEventRow } from '../repositories/tracking';
import type { ServiceOptions } from './deps';
import { LOCAL_APP_DOWNLOAD } from './local-app-download';

/** 1×1 transparent GIF: the answer an image beacon expects. */
const PIXEL = Buffer.from('R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7', 'base64');

/** Turns one SDK payload into rows (decoder in server/analytics/decode.ts); garbage is a 400. */
export function analyticsRows(p: AnalyticsPayload, now: Date): AnalyticsEventRow[] {
  try {
    return decodeAnalyticsPayload(p).map((e) => ({ ...e, dedupKey: analyticsDedupKey(e), receivedAt: now }));
  } catch (error) {
    if (error instanceof AnalyticsDecodeError) throw badRequest(error.message);
    throw error;
  }
}

/** Behaviour-analytics collector at the local analytics URL (/sa). */
export const analyticsPlugin: FastifyPluginAsync<ServiceOptions> = async (fastify, { deps }) => {
  // The SDK posts forms, and beacons arrive as text/plain with the same k=v text.
  fastify.removeContentTypeParser('text/plain');
  fastify.addContentTypeParser(
    ['application/x-www-form-urlencoded', 'text/plain'],
    { parseAs: 'string' },
    (_req, body, done) => done(null, querystring.parse(body as string)),
  );
  const app = fastify.withTypeProvider<TypeBoxProvider>();

  const gif = {
    schema: { querystring: AnalyticsPayload, response: { 200: Type.Unknown() } },
    config: { rate: 'analytics' as const },
  };
  const pixel = async (query: AnalyticsPayload) =>
    deps.repos.tracking.addAnalyticsEvents(analyticsRows(query, deps.now()));
  app.get('/', gif, async (request, reply) => {
    await pixel(request.query);
    return reply.type('image/gif').header('cache-control', 'no-store').send(PIXEL);
  });
  app.get('/sa.gif', gif, async (request, reply) => {
    await pixel(request.query);
    return reply.type('image/gif').header('cache-control', 'no-store').send(PIXEL);
  });
  // The SDK's debug mode: a GET answered in JSON so the developer sees it was read.
  app.get(
    '/debug',
    { schema: { querystring: AnalyticsPayload, response: responses(AnalyticsAck) }, config: { rate: 'analytics' } },
    async (request) => {
      const rows = analyticsRows(request.query, deps.now()).map((r) => ({
        ...r,
        payload: { ...(r.payload as object), $debug: true },
        // The debug mode echoes an event the SDK then sends for real: the echo must not take its place.
        dedupKey: null,
      }));
      await deps.repos.tracking.addAnalyticsEvents(rows);
      return ok({ received: rows.length });
    },
  );

  app.post(
    '/',
    {
      schema: {
        body: AnalyticsPayload,
        querystring: Type.Object({ project: Type.Optional(Type.String()) }),
        response: responses(AnalyticsAck),
      },
      config: { rate: 'analytics' },
    },
    async (request) => {
      const rows = analyticsRows(
        { ...request.body, project: request.query.project ?? request.body.project },
        deps.now(),
      );
      await deps.repos.tracking.addAnalyticsEvents(rows);
      return ok({ received: rows.length });
    },
  );
};

/** App wake-up parameters (GET /sdk/deeplink/param), in the analytics vendor's shape. */
export const deeplinkPlugin: FastifyPluginAsync<ServiceOptions> = async (fastify) => {
  const app = fastify.withTypeProvider<TypeBoxProvider>();
  app.get(
    '/deeplink/param',
    { schema: { querystring: DeeplinkQuery, response: { 200: DeeplinkResponse } } },
    async (request) => {
      const { key, system_type } = request.query;
      if (!key) return { errorMsg: 'key is required' };
      if (system_type && system_type !== 'JS') return { errorMsg: `unsupported system_type ${system_type}` };
      return {
        app_key: key,
        // Each system's own download address, never the download page itself (it would loop back to it).
        android_info: { url_schemes: 'noahwm://open', download_url: LOCAL_APP_DOWNLOAD.android },
        ios_info: {
          url_schemes: 'noahwm://open',
          download_url: LOCAL_APP_DOWNLOAD.ios,
          ios_wake_url: LOCAL_APP_DOWNLOAD.iosWake,
        },
      };
    },
  );
};

/** Error-report sink: DSN http://local@HOST/error-report/1 makes the SDK post envelopes here. */
export const errorReportPlugin: FastifyPluginAsync<ServiceOptions> = async (fastify, { deps }) => {
  fastify.addContentTypeParser('application/x-sentry-envelope', { parseAs: 'string' }, (_req, body, done) =>
    done(null, body),
  );
  const app = fastify.withTypeProvider<TypeBoxProvider>();
  app.post(
    '/api/:projectId/envelope/',
    {
      schema: {
        params: Type.Object({ projectId: Type.String({ pattern: '^[0-9a-z-]{1,32}$' }) }),
        body: Type.String({ minLength: 1, maxLength: 1_000_000 }),
        response: { 200: ErrorReportAck },
      },
      // The envelope's own limit (1 MB of text) plus its header line.
      bodyLimit: 1_048_576 + 4096,
      config: { rate: 'errorReport' },
    },
    async (request) => {
      const header = request.body.split('\n', 1)[0] ?? '';
      let id: string = randomUUID().replace(/-/g, '');
      try {
        const parsed = JSON.parse(header) as { event_id?: unknown };
        if (typeof parsed.event_id === 'string') id = parsed.event_id;
      } catch {
        throw badRequest('body: the first line must be the envelope header (JSON)');
      }
      await deps.repos.tracking.addErrorReport(request.params.projectId, request.body, deps.now());
      return { id };
    },
  );
};

export { localEventsPagePlugin } from './tracking-local-page';
export { ownTrackingPlugin } from './tracking-own';
