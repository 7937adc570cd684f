import { ANALYTICS } from '../../../api/contract/tracking-wire';
import type { SendType } from './types';
import { debugUrlFor } from './wire';

export interface SdkSettings {
  /** The collector with this page's project: `…/sa?project=X`. */
  serverUrl: string;
  /** The collector with the fund app's project: the native app's SDK reports there. */
  appServerUrl: string;
  sendType: SendType;
  staticDomain: string;
  debug?: boolean;
}

/**
 * sa-sdk-javascript's init options. The spec's analytics settings that are the SDK's own are its
 * defaults, kept as they are (the 73,000-day identity cookie, the new-user flag to the end of the
 * day, the 1000 ms scroll sampling); the link-click wait is its callback_timeout.
 */
export function sdkOptions(s: SdkSettings): Record<string, unknown> {
  return {
    server_url: s.serverUrl,
    // With the local batch the plugin takes every event before a sender does; otherwise the SDK sends it.
    send_type: s.sendType === 'batch' ? 'beacon' : s.sendType,
    // The app says what a page is (PageViewTracker): an address it rewrites in place is no new page.
    is_track_single_page: false,
    show_log: false,
    callback_timeout: ANALYTICS.linkClickFallbackMs,
    // Taps by the SDK's click map; scrolls by the app's sampling (see autotrack.ts).
    heatmap: { clickmap: 'default', scroll_notice_map: 'not_collect' },
    heatmap_url: `${s.staticDomain}/sa/heatmap.min.js`,
    vtrack_url: `${s.staticDomain}/sa/vtrack.min.js`,
    // In the firm's app web view the app's SDK sends (its bridge verified against these collectors);
    // elsewhere, or when the bridge does not answer, the page sends itself.
    use_app_track: true,
    app_js_bridge: { is_send: true, white_list: [s.appServerUrl] },
    ...(s.debug ? { debug_mode: true, debug_mode_url: debugUrlFor(s.serverUrl) } : {}),
  };
}
