import sensors from 'sa-sdk-javascript';

import { ANALYTICS } from '../../../api/contract/tracking-wire';
import type { LoadedAnalytics } from '../services';
import { installScrollSampling } from './autotrack';
import { createLocalPlugin } from './local-plugin';
import { sdkOptions } from './options';
import { BatchStore, type KeyValue } from './persist';
import { applyCall, type SensorsSdk } from './sdk';
import { browserWire, createBatchTransport } from './transport';
import type { SendType } from './types';
import { serverUrlFor } from './wire';

/** The lazily loaded chunk's entry: sa-sdk-javascript started on this page, with the local plugin. */
export interface BrowserAnalyticsConfig {
  analyticsUrl: string;
  project: string;
  sendType: SendType;
  staticDomain: string;
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

function onPageLeave(left: () => void): () => void {
  const onVisibility = () => {
    if (document.visibilityState === 'hidden') left();
  };
  document.addEventListener('visibilitychange', onVisibility);
  window.addEventListener('pagehide', left);
  return () => {
    document.removeEventListener('visibilitychange', onVisibility);
    window.removeEventListener('pagehide', left);
  };
}

/** Starts the SDK (once a page: it is a page singleton) and answers the service the sagas call. */
export function createBrowserAnalytics(config: BrowserAnalyticsConfig, sdk = sensors as unknown as SensorsSdk) {
  const serverUrl = serverUrlFor(config.analyticsUrl, config.project);
  const log = (m: string) => console.warn(m);
  const local = createLocalPlugin({
    // One store per project, so an event is sent to the project it was recorded under.
    store: new BatchStore(localStore(), ANALYTICS.batchCap, `sensorsdata_batch_${config.project}`),
    transport: createBatchTransport(serverUrl, browserWire()),
    batch: config.sendType === 'batch',
    now: () => Date.now(),
    log,
  });
  sdk.use({ ...local.plugin, plugin_version: sdk.lib_version });
  sdk.init(
    sdkOptions({
      serverUrl,
      appServerUrl: serverUrlFor(config.analyticsUrl, ANALYTICS.fundAppProject),
      sendType: config.sendType,
      staticDomain: config.staticDomain,
      debug: config.debug,
    }),
  );
  const loaded: LoadedAnalytics = {
    client: { apply: (call) => applyCall(sdk, call, log), flush: local.flush, leave: local.leave },
    // Installed by the saga, so auto-tracked calls take the same ordered path as the others.
    autoTrack: (record) => {
      const stopTaps = local.onTap(record);
      const stopScroll = installScrollSampling(record, {
        target: document,
        now: () => Date.now(),
        scrollTop: () => document.documentElement.scrollTop || document.body.scrollTop,
      });
      return () => {
        stopTaps();
        stopScroll();
      };
    },
    onPageLeave,
  };
  return loaded;
}
