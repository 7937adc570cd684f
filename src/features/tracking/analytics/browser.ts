import type { LoadedAnalytics } from '../services';
import { installAutoTrack } from './autotrack';
import { createAnalyticsClient } from './client';
import { documentCookieJar } from './identity';
import type { KeyValue } from './persist';
import { browserWire, createTransport } from './transport';
import type { SendType } from './types';
import { serverUrlFor } from './wire';

/** The lazily loaded chunk's entry: a client wired to this page's cookie, storage and network. */
export interface BrowserAnalyticsConfig {
  analyticsUrl: string;
  project: string;
  sendType: SendType;
  debug?: boolean;
}

function localStore(): KeyValue {
  const ls = (() => {
    try {
      return globalThis.localStorage ?? null;
    } catch {
      return null;
    }
  })();
  const memory = new Map<string, string>();
  return {
    get: (k) => {
      try {
        return ls ? ls.getItem(k) : (memory.get(k) ?? null);
      } catch {
        return memory.get(k) ?? null;
      }
    },
    set: (k, v) => {
      try {
        if (ls) ls.setItem(k, v);
        else memory.set(k, v);
      } catch {
        memory.set(k, v);
      }
    },
  };
}

const newId = () =>
  typeof crypto.randomUUID === 'function'
    ? crypto.randomUUID()
    : `${Date.now().toString(16)}-${Math.random().toString(16).slice(2)}`;

export function createBrowserAnalytics(config: BrowserAnalyticsConfig): LoadedAnalytics {
  const serverUrl = serverUrlFor(config.analyticsUrl, config.project);
  const client = createAnalyticsClient({
    transport: createTransport(serverUrl, browserWire()),
    sendType: config.sendType,
    cookies: documentCookieJar(document),
    storage: localStore(),
    page: () => ({
      url: location.href,
      path: location.pathname,
      title: document.title,
      referrer: document.referrer,
      screenWidth: screen.width,
      screenHeight: screen.height,
    }),
    now: () => Date.now(),
    newId,
    log: (m) => console.warn(m),
    debug: config.debug,
    batchKey: `sensorsdata_batch_${config.project}`,
  });
  return {
    client,
    // Installed by the saga, so auto-tracked calls take the same ordered path as the others.
    autoTrack: (record) =>
      installAutoTrack(record, {
        target: document,
        now: () => Date.now(),
        scrollTop: () => document.documentElement.scrollTop || document.body.scrollTop,
        origin: location.origin,
        navigate: (href) => location.assign(href),
        timers: {
          set: (fn, ms) => setTimeout(fn, ms),
          clear: (id) => clearTimeout(id as ReturnType<typeof setTimeout>),
        },
      }),
    onPageLeave: (left) => {
      const onVisibility = () => {
        if (document.visibilityState === 'hidden') left();
      };
      document.addEventListener('visibilitychange', onVisibility);
      window.addEventListener('pagehide', left);
      return () => {
        document.removeEventListener('visibilitychange', onVisibility);
        window.removeEventListener('pagehide', left);
      };
    },
  };
}
