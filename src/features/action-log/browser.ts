import type { ActionLogContext } from '../../api/contract/action-log';
import { randomNonce } from '../../lib/random';
import { afterLoadWhenIdle } from '../../platform/after-load';
import { createDeferredRecorder } from './deferred-recorder';
import type { LogStorage, Recorder } from './recorder';

import { rootReducer } from '@/store';

/** Context class from the user agent (docs/rules/roles.md#contexts), never the raw string. */
export function userAgentClass(userAgent: string, search: string, cookie: string): ActionLogContext['userAgentClass'] {
  if (/wxwork/i.test(userAgent)) return 'wecom';
  if (/MicroMessenger/i.test(userAgent)) return 'wechat';
  if (/from=(wenoahRnWebview|wexiaoRnWebview)/.test(search) || /device_agent=[^;]*(noahwm|noahcrm)/i.test(cookie))
    return 'app';
  if (/Mobile|Android|iPhone|iPad|iPod/i.test(userAgent)) return 'phone';
  return 'desktop';
}

function sessionStore(): LogStorage | null {
  try {
    return globalThis.sessionStorage ?? null;
  } catch {
    return null;
  }
}

/** This tab's recording: kept across reloads like the log, so reports from before and after one name the same log. */
function recordingIdOf(storage: LogStorage | null): string {
  const key = 'wealth-live:action-log-recording';
  try {
    const known = storage?.getItem(key);
    if (known) return known;
    const id = randomNonce(8);
    storage?.setItem(key, id);
    return id;
  } catch {
    return randomNonce(8);
  }
}

/** Types never recorded: the viewer's loaded log would nest a log inside the log. */
const IGNORED = /^actionLog\/viewer/;

/**
 * The recorder as src/app/boot.tsx plugs it into the store: session storage survives reloads and crashes of the page. Its
 * code and redaction's are two lazy chunks requested together, not in the entry the first screen waits for; the
 * actions before they arrive are kept and recorded then. `soon`: at once, beside the first screen's, for a page
 * that may leave for an authorization before its load event and must still write its log on the way out; else
 * after the load event, in an idle moment (a page closed before it keeps no log of that second).
 */
export function createBrowserRecorder(
  environment: string,
  { soon }: { soon: boolean },
): Recorder & { recordingId: string } {
  const { location, navigator, document } = globalThis;
  const search = location?.search ?? '';
  const getRoute = () => (location ? location.pathname + location.search : '/');
  const ignore = (type: string) => IGNORED.test(type);
  const recordingId = recordingIdOf(sessionStore());
  const recorder = createDeferredRecorder({
    getRoute,
    ignore,
    load: () =>
      Promise.all([
        import(/* webpackChunkName: "action-log-recorder" */ './recorder'),
        import(/* webpackChunkName: "redact" */ './redact'),
      ]).then(([{ createRecorder }, { createRedactor }]) =>
        createRecorder({
          reducer: rootReducer,
          getRoute,
          storage: sessionStore(),
          meta: {
            appVersion: typeof __APP_VERSION__ === 'string' ? __APP_VERSION__ : 'dev',
            environment,
            context: {
              userAgentClass: userAgentClass(navigator?.userAgent ?? '', search, document?.cookie ?? ''),
              fromApp: new URLSearchParams(search).get('from'),
            },
            recordingId,
          },
          ignore,
          // No catalogue here: the product and presenter names the recorded data shows are kept as they appear.
          redact: (salt) => createRedactor(salt, { learnPublicTerms: true }),
        }),
      ),
  });
  const load = () => void recorder.load().catch(() => undefined);
  if (soon) load();
  else afterLoadWhenIdle(load);
  // Leaving or hiding the page writes what is pending now, not a second later.
  globalThis.addEventListener?.('pagehide', () => recorder.flush());
  globalThis.document?.addEventListener('visibilitychange', () => {
    if (globalThis.document.visibilityState === 'hidden') recorder.flush();
  });
  return Object.assign(recorder, { recordingId });
}

/** What the e2e determinism test and a developer's console reach: never in production unless ?debug=1. */
export interface DebugHandle {
  getState(): unknown;
  exportLog: Recorder['exportLog'];
  redact(v: unknown): unknown;
}

export function exposeForDebugging(store: { getState(): unknown }, recorder: Recorder, environment: string): void {
  const debug = new URLSearchParams(globalThis.location?.search ?? '').get('debug') === '1';
  if (environment === 'production' && !debug) return;
  const handle: DebugHandle = {
    getState: () => store.getState(),
    exportLog: () => recorder.exportLog(),
    redact: (v) => recorder.redactValue(v),
  };
  (globalThis as unknown as { __WEALTH_LIVE__?: DebugHandle }).__WEALTH_LIVE__ = handle;
}
