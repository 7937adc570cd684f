import type { Environment } from '../../../config/types';
import { whenIdle } from '../../platform/after-load';
import { readItem, StorageKey } from '../../platform/storage';
import { analyticsProjectFor } from './analytics/context';
import { serverUrlFor } from './analytics/wire';
import { appErrorReporter } from './errors/reporter';
import { tracedLoad } from './errors/sampling';
import type { OwnTrackingApi } from './own/api';
import type { TrackingServices } from './services';

import type { ServiceClient } from '@/api';
import { bindLazily } from '@/api/lazy';

const APP_VERSION = '1.37.0';

/** Same as errors/options resolveDsn, inlined so the ignore list stays out of the first load. */
const resolveDsn = (dsn: string | null, l: Location) =>
  dsn ? dsn.replace('{protocol}', l.protocol).replace('{host}', l.host) : null;

/** Window load, then a frame, then an idle moment: the SDKs start once the first screen is on the glass. */
function afterFirstPaint(): Promise<void> {
  return new Promise((resolve) => {
    const paint = () => requestAnimationFrame(() => setTimeout(() => void whenIdle().then(resolve), 0));
    if (document.readyState === 'complete') paint();
    else addEventListener('load', paint, { once: true });
  });
}

/** A heavy SDK: its script in one idle moment, its start in the next, so neither is one long task with the other. */
function inIdleMoments<M, R>(load: () => Promise<M>, start: (module: M) => R | Promise<R>): Promise<R> {
  return whenIdle()
    .then(load)
    .then(async (module) => {
      await whenIdle();
      return start(module);
    });
}

function loadScript(src: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const el = document.createElement('script');
    el.src = src;
    el.async = true;
    el.onload = () => resolve();
    el.onerror = () => reject(new Error(`script failed: ${src}`));
    document.head.appendChild(el);
  });
}

/** The page's tracking services; the heavy SDKs are dynamic imports, never in the first load. */
export function createTrackingServices(
  environment: Environment,
  trackingClient: ServiceClient,
  signInSettled: TrackingServices['signInSettled'],
): TrackingServices {
  const project = analyticsProjectFor(location.search, navigator.userAgent);
  const analyticsUrl = new URL(environment.analyticsUrl, location.href).href;
  const dsn = resolveDsn(environment.errorReportingDsn, location);
  const query = new URLSearchParams(location.search);
  appErrorReporter.listen(window);
  return {
    // The requests and their generated response checks load with the first usage event, not the first screen.
    own: bindLazily<OwnTrackingApi>(
      () =>
        import(/* webpackChunkName: "own-tracking" */ './own/api').then((m) => m.createOwnTrackingApi(trackingClient)),
      ['sendEvent', 'sendFast'],
    ),
    identitySources: () => ({
      userinfos: readItem(StorageKey.userInfos),
      uuids: readItem(StorageKey.uuids),
      search: location.search,
      cookie: document.cookie,
    }),
    signInSettled,
    afterFirstPaint,
    analytics: {
      project,
      sendType: 'batch',
      flushIntervalMs: 3000,
      heatmap: {
        heatmap: query.get('sa_heatmap') === '1',
        visualTracking: query.get('sa_vtrack') === '1',
        staticDomain: environment.staticDomain,
      },
      pageProtocol: location.protocol,
      serverUrl: serverUrlFor(analyticsUrl, project),
      load: () =>
        inIdleMoments(
          () => import(/* webpackChunkName: "analytics" */ './analytics/browser'),
          (m) =>
            m.createBrowserAnalytics({
              analyticsUrl,
              project,
              sendType: 'batch',
              staticDomain: environment.staticDomain,
              debug: query.get('sa_debug') === '1',
            }),
        ),
      loadScript,
    },
    errors: {
      reporter: appErrorReporter,
      load: dsn
        ? () => {
            const traced = tracedLoad();
            return inIdleMoments(
              () =>
                Promise.all([
                  import(/* webpackChunkName: "sentry" */ './errors/sentry'),
                  traced ? import(/* webpackChunkName: "sentry-tracing" */ './errors/sentry-tracing') : null,
                ]),
              ([m, tracing]) =>
                m.startSentry({
                  dsn,
                  environment: environment.name,
                  release: `wealth-live@${APP_VERSION}`,
                  tags: { env: environment.name },
                  onSent: (error, eventId) => appErrorReporter.captured(error, eventId),
                  tracing: tracing?.browserTracingIntegration() ?? null,
                }),
            );
          }
        : null,
    },
    deeplink: {
      origin: location.origin,
      project,
      userAgent: navigator.userAgent,
      fetchParams: async (url) => (await fetch(url)).json(),
      open: (url) => location.assign(url),
      pageHidden: () => document.visibilityState === 'hidden',
      goTo: (url) => location.assign(url),
    },
    log: (m) => console.warn(`[tracking] ${m}`),
  };
}
