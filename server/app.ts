import path from 'node:path';
import compress from '@fastify/compress';
import Fastify, {
  type FastifyInstance,
  type FastifyReply,
  type FastifyRequest,
  type FastifyServerOptions,
  type RouteOptions,
} from 'fastify';

import { localEnvironment } from '../config/environments';
import { ErrorResponse } from '../src/api/contract/common';
import { ErrorCode } from '../src/api/contract/envelope';
import { SIGNATURE_WINDOW_SECONDS } from '../src/api/contract/signature';
import type { Database } from './db/client';
import { errorHandler, failure } from './http/errors';
import { checkInput } from './http/input-guard';
import { type GroupRate, installLimits, type RateGroup } from './http/rate-limits';
import { installSecurityHeaders } from './http/security-headers';
import { serializerCompiler } from './http/serializer';
import { schemaErrorFormatter, typeBoxValidatorCompiler } from './http/typebox';
import type { LocalClock } from './local-clock';
import { type MarketingJobOptions, startMarketingJobs } from './marketing/jobs';
import { actionLogsApiPlugin, actionLogsPagePlugin } from './plugins/action-logs';
import { DEFAULT_STORAGE_CAPS, type ServiceDeps, type StorageCaps } from './plugins/deps';
import { LOCAL_APP_DOWNLOAD, localAppDownloadPlugin } from './plugins/local-app-download';
import { localAuthPlugin } from './plugins/local-auth';
import { localClockPagePlugin } from './plugins/local-clock-page';
import { mediaPlugin } from './plugins/media';
import {
  authLiveAppPlugin,
  authLiveServicePlugin,
  authMarketMapPlugin,
  noahCommonPlugin,
} from './plugins/services/auth';
import {
  followQrPlugin,
  helperCommonPlugin,
  helperLiveAppPlugin,
  helperLiveServicePlugin,
} from './plugins/services/auth-extra';
import { phoneSignInLiveAppPlugin, phoneSignInLiveServicePlugin } from './plugins/services/auth-phone';
import { chatGroupPlugin } from './plugins/services/chat-group';
import { chatRoomPlugin } from './plugins/services/chat-room';
import { compliancePlugin } from './plugins/services/compliance';
import { invitationPlugin } from './plugins/services/invitation';
import { liveAppPlugin } from './plugins/services/live-app';
import { liveServicePlugin } from './plugins/services/live-service';
import { marketMapPlugin } from './plugins/services/market-map';
import { materialReviewPlugin } from './plugins/services/material-review';
import { mountOnlyPlugin } from './plugins/services/mount-only';
import { policyHoldsPlugin } from './plugins/services/policy-holds';
import { storePlugin } from './plugins/services/store';
import {
  analyticsPlugin,
  deeplinkPlugin,
  errorReportPlugin,
  localEventsPagePlugin,
  ownTrackingPlugin,
} from './plugins/tracking';
import { serveDistFile, wantsPage } from './plugins/web-app';
import type { SharedRedis } from './redis';
import { createRepositories } from './repositories';
import { type RetentionPolicy, startRetention } from './retention';
import { registerLocalPage } from './security/local-pages';
import { NonceStore, RedisNonceStore } from './security/nonces';
import { actionLogSecretFor } from './security/redaction-key';
import { sessionGuards } from './security/session';
import { signatureGuard, type SignatureSecrets } from './security/signature';
import { isApiPath, ServiceBase } from './services';
import { sendPage } from './ssr/page';
import { createPageCache } from './ssr/page-cache';

declare module 'fastify' {
  interface FastifyInstance {
    routeTable: readonly RouteOptions[];
  }
}

export const REPO_ROOT = path.resolve(__dirname, '..');
export const DEFAULT_DIST_DIR = path.join(REPO_ROOT, 'dist');

export interface AppOptions {
  database: Database;
  /** The request clock: statuses, token expiry and signature windows read it (tests move it). */
  now?: () => Date;
  distDir?: string;
  logger?: FastifyServerOptions['logger'];
  signatureWindowSeconds?: number;
  secrets?: SignatureSecrets;
  /** The workbench's timers (live-to-card scan, market simulator); none unless asked. */
  marketingJobs?: MarketingJobOptions;
  /** NODE_ENV=production: no local stand-in pages, and the local secrets are refused. */
  production?: boolean;
  /** ACTION_LOG_SECRET: the key of the server's action-log placeholders; required in production. */
  actionLogSecret?: string;
  /** The data folder, where a development server keeps its generated action-log key; none: a random key. */
  dataDir?: string;
  /**
   * The local backend's movable clock (local-clock.ts): `now` should be its `now`; mounts the 本地时钟 page. Refused
   * in production. Signature windows, nonces and rate limits keep `wallNow` (the browser signs with its own clock).
   */
  localClock?: LocalClock;
  /** The real time for signature windows and rate limits; `now` unless a local clock moves business time. */
  wallNow?: () => Date;
  /** The developers' action-log list and read routes; default: on, except in production unless ACTION_LOGS=on. */
  actionLogReads?: boolean;
  /** Local stand-in pages for every client, not only loopback (LOCAL_PAGES_OPEN=1). */
  openLocalPages?: boolean;
  /** Rate limits per group, over the defaults (http/rate-limits.ts). */
  rates?: Partial<Record<RateGroup, GroupRate>>;
  caps?: Partial<StorageCaps>;
  /** Deletes old intake on a schedule (a running server); none unless asked. */
  retention?: RetentionPolicy;
  /** The proxies in front (a count of hops, their addresses/CIDRs, or true for any): the client's address is then X-Forwarded-For's (http/trust-proxy.ts). */
  trustProxy?: boolean | number | string;
  /** Several servers on one database (REDIS_URL): nonces and rate-limit counters kept in Redis. */
  redis?: SharedRedis | null;
  /**
   * The kept server-rendered pages (ssr/page-cache.ts): their clock (default: the process's monotonic one; tests
   * move it by hand) and whether the refresher keeps pages asked for lately fresh (default: on).
   */
  pageCache?: { clock?: () => number; refresher?: boolean };
}

/**
 * The Fastify instance before compression, headers and routes: validation, the route table, the input guard, the
 * error envelope and a graceful close.
 */
function createFastify(logger: AppOptions['logger'], trustProxy: AppOptions['trustProxy']) {
  const app = Fastify({
    logger: logger ?? false,
    schemaErrorFormatter,
    // Keep-alive sockets would hold close() open; in-flight requests still finish.
    forceCloseConnections: 'idle',
    // A number of proxies: trust that many hops nearest the server (what proxy-addr does with a count).
    trustProxy:
      typeof trustProxy === 'number'
        ? (
            (hops: number) => (_address: string, hop: number) =>
              hop < hops
          )(trustProxy)
        : (trustProxy ?? false),
  });
  app.setValidatorCompiler(typeBoxValidatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  // Every route as registered (method, url, schema, hooks): tests walk it so that checks of
  // identity and input cover each route, including ones added later.
  const routeTable: RouteOptions[] = [];
  app.addHook('onRoute', (route) => {
    routeTable.push(route);
  });
  app.decorate('routeTable', routeTable);
  // Before every route's own hooks (signature first among them): hostile text never reaches them.
  app.addHook('preValidation', async (request) => {
    checkInput('body', request.body);
    checkInput('querystring', request.query);
    checkInput('params', request.params);
  });
  app.setErrorHandler(errorHandler);
  app.decorateRequest('user', null);

  // Graceful stop: close() waits for every socket, and a keep-alive socket that finishes its
  // request after close() began would otherwise idle on; answers sent then close theirs.
  let closing = false;
  app.addHook('preClose', async () => {
    closing = true;
  });
  app.addHook('onSend', async (_request, reply, payload) => {
    if (closing) reply.header('connection', 'close');
    return payload;
  });

  return app;
}

/** The whole backend as one Fastify instance, not listening: tests drive it with inject(). */
export async function buildApp(opts: AppOptions): Promise<FastifyInstance> {
  const now = opts.now ?? (() => new Date());
  const distDir = opts.distDir ?? DEFAULT_DIST_DIR;
  const production = opts.production ?? process.env.NODE_ENV === 'production';
  if (production && opts.localClock) throw new Error('NODE_ENV=production refuses the local clock (CLOCK_OFFSET)');
  const wallNow = opts.wallNow ?? now;
  const openLocalPages = opts.openLocalPages ?? process.env.LOCAL_PAGES_OPEN === '1';
  const secrets = opts.secrets ?? {
    signing: localEnvironment.secrets.signing,
    marketMap: localEnvironment.secrets.marketMap,
  };
  // The local secrets ship in the client bundle of the local build: they prove nothing.
  if (
    production &&
    (secrets.signing === localEnvironment.secrets.signing || secrets.marketMap === localEnvironment.secrets.marketMap)
  ) {
    throw new Error('NODE_ENV=production refuses the local signing secrets: set SIGNING_SECRET and MARKET_MAP_SECRET');
  }
  const redactionSecret = actionLogSecretFor({ given: opts.actionLogSecret, production, dataDir: opts.dataDir });
  const app = createFastify(opts.logger, opts.trustProxy);
  await app.register(compress, { global: true, threshold: 1024 });
  await installSecurityHeaders(app, { production, distDir });

  const repos = createRepositories(opts.database.db, opts.redis);
  // Before any route: sizes each route's body limit and adds the rate checks routes ask for.
  await installLimits(app, { users: repos.users, now: wallNow, rates: opts.rates, redis: opts.redis });
  const signatures = {
    now: wallNow,
    windowSeconds: opts.signatureWindowSeconds ?? SIGNATURE_WINDOW_SECONDS,
    // A nonce spent on one server must be spent for all of them: Redis when there are several.
    nonces: opts.redis
      ? new RedisNonceStore(
          opts.redis.client,
          opts.redis.prefix,
          opts.signatureWindowSeconds ?? SIGNATURE_WINDOW_SECONDS,
        )
      : new NonceStore(opts.signatureWindowSeconds ?? SIGNATURE_WINDOW_SECONDS),
    secrets,
  };
  if (opts.marketingJobs) {
    const stop = startMarketingJobs(opts.database, now, opts.marketingJobs, (msg, err) => app.log.error({ err }, msg));
    app.addHook('onClose', async () => stop());
  }
  const deps: ServiceDeps = {
    repos,
    now,
    signed: (scheme) => signatureGuard(scheme, signatures),
    guards: sessionGuards({ users: repos.users, now }),
    caps: { ...DEFAULT_STORAGE_CAPS, ...opts.caps },
  };
  if (opts.retention) {
    const stop = startRetention(opts.database.db, now, opts.retention, (msg, err) => app.log.error({ err }, msg));
    app.addHook('onClose', async () => stop());
  }

  await app.register(liveServicePlugin, { prefix: ServiceBase.liveService, deps });
  await app.register(storePlugin, { prefix: ServiceBase.liveService, deps });
  await app.register(policyHoldsPlugin, { prefix: ServiceBase.liveService, deps });
  // The compliance officer's reading of the audit trail (list, filters, CSV export).
  await app.register(compliancePlugin, { prefix: ServiceBase.liveService, deps });
  // 审核台's materials: approve (the review number) or return with 修改意见.
  await app.register(materialReviewPlugin, { prefix: ServiceBase.liveService, deps });
  await app.register(liveAppPlugin, { prefix: ServiceBase.liveApp, deps });
  await app.register(chatRoomPlugin, { prefix: ServiceBase.chatRoom, deps });
  await app.register(marketMapPlugin, { prefix: ServiceBase.marketMap, deps });
  await app.register(chatGroupPlugin, { prefix: ServiceBase.chatGroup, deps });
  await app.register(mountOnlyPlugin, { prefix: ServiceBase.common, deps });
  await app.register(invitationPlugin, { prefix: ServiceBase.invitation, deps });
  // Sign-in: auth calls on their services, and the local WeCom/WeChat pages.
  await app.register(authLiveServicePlugin, { prefix: ServiceBase.liveService, deps });
  await app.register(authLiveAppPlugin, { prefix: ServiceBase.liveApp, deps });
  await app.register(phoneSignInLiveServicePlugin, { prefix: ServiceBase.liveService, deps });
  await app.register(phoneSignInLiveAppPlugin, { prefix: ServiceBase.liveApp, deps });
  await app.register(authMarketMapPlugin, { prefix: ServiceBase.marketMap, deps });
  await app.register(noahCommonPlugin, { prefix: ServiceBase.common, deps });
  if (!production) await registerLocalPage(app, localAuthPlugin, { prefix: '/__local-auth', deps }, openLocalPages);
  // The remaining sign-in calls: mini-program scheme, login hand-over, permission pair, userInfoByGid.
  await app.register(helperLiveServicePlugin, { prefix: ServiceBase.liveService, deps });
  await app.register(helperLiveAppPlugin, { prefix: ServiceBase.liveApp, deps });
  await app.register(helperCommonPlugin, { prefix: ServiceBase.common, deps });
  await app.register(followQrPlugin, { prefix: ServiceBase.media, deps });
  await app.register(analyticsPlugin, { prefix: ServiceBase.analytics, deps });
  await app.register(deeplinkPlugin, { prefix: ServiceBase.deeplink, deps });
  await app.register(errorReportPlugin, { prefix: ServiceBase.errorReport, deps });
  await app.register(ownTrackingPlugin, { prefix: ServiceBase.liveService, deps });
  if (!production) await registerLocalPage(app, localEventsPagePlugin, { prefix: '/__local', deps }, openLocalPages);
  if (!production && opts.localClock) {
    const clockPage = { clock: opts.localClock, database: opts.database, simulator: !!opts.marketingJobs?.simulator };
    await registerLocalPage(app, localClockPagePlugin, { prefix: '/__local/clock', ...clockPage }, openLocalPages);
  }
  if (!production)
    await registerLocalPage(app, localAppDownloadPlugin, { prefix: LOCAL_APP_DOWNLOAD.prefix, deps }, openLocalPages);
  await app.register(mediaPlugin, { prefix: ServiceBase.media });
  // Recorded action logs: upload on the own backend, a local page to list them.
  // Reading them (developers only) exists in production only when ACTION_LOGS=on says so.
  const actionLogReads = opts.actionLogReads ?? (!production || process.env.ACTION_LOGS === 'on');
  await app.register(actionLogsApiPlugin, {
    prefix: ServiceBase.liveService,
    deps,
    readable: actionLogReads,
    redactionSecret,
  });
  // Customers' logs: this machine only, even when LOCAL_PAGES_OPEN opens the sign-in stand-ins to a phone on the LAN.
  if (!production)
    await registerLocalPage(app, actionLogsPagePlugin, { prefix: '/__action-logs', deps, redactionSecret }, false);

  const pages = createPageCache({
    clock: opts.pageCache?.clock ?? (() => performance.now()),
    onError: (err, key) => app.log.warn({ err, page: key }, 'refreshing a kept page failed; it is read on demand'),
  });
  if (opts.pageCache?.refresher ?? true) {
    const stop = pages.startRefresher();
    app.addHook('onClose', async () => stop());
  }

  // Whatever no service route claims: API paths get the envelope 404; other GETs are files
  // of the build, else the app shell for pages (history fallback). A real GET route rather
  // than only the not-found handler, so compression and HEAD apply to it.
  const fallback = async (request: FastifyRequest, reply: FastifyReply) => {
    // Source maps stay on the server's disk in production (error reporting reads them there).
    const sourceMap = production && request.url.split('?', 1)[0]!.endsWith('.map');
    if (!isApiPath(request.url) && !sourceMap) {
      if (await serveDistFile(request, reply, distDir)) return reply;
      if (wantsPage(request)) return sendPage(request, reply, distDir, deps, pages);
    }
    const pathname = request.url.split('?', 1)[0];
    return reply.code(404).send(failure(ErrorCode.notFound, `No route ${request.method} ${pathname}`));
  };
  app.get('/*', { schema: { response: { '4xx': ErrorResponse, '5xx': ErrorResponse } } }, fallback);
  app.setNotFoundHandler(fallback);
  return app;
}
