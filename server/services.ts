import { localEnvironment } from '../config/environments';

/**
 * Base paths of the remote services this backend stands in for, from the local
 * environment the client uses (one source for both).
 */
export const ServiceBase = {
  liveService: localEnvironment.endpoints.liveService,
  liveApp: localEnvironment.endpoints.liveApp,
  chatRoom: localEnvironment.endpoints.chatRoom,
  chatGroup: localEnvironment.endpoints.chatGroup,
  invitation: localEnvironment.endpoints.invitation,
  common: localEnvironment.endpoints.common,
  marketMap: localEnvironment.endpoints.marketMap,
  /** Behaviour-analytics collector (sa.gif, POST, beacon, batch). */
  analytics: localEnvironment.analyticsUrl,
  /** App wake-up parameters: GET /sdk/deeplink/param. */
  deeplink: '/sdk',
  /** Error reporting (Sentry envelopes): DSN http://local@HOST/error-report/1. */
  errorReport: '/error-report',
  /** Generated covers and avatars (the local environment's static domain). */
  media: localEnvironment.staticDomain,
} as const;

/** Paths that are API, never the app shell: unknown ones answer the envelope 404. */
export const API_PREFIXES: readonly string[] = [...new Set(Object.values(ServiceBase))];

export function isApiPath(url: string): boolean {
  const pathname = url.split('?', 1)[0] ?? '';
  return API_PREFIXES.some((p) => pathname === p || pathname.startsWith(`${p}/`));
}
