import type { DeeplinkParams } from '../api/contract/tracking';

/*
 * App wake-up through the analytics vendor's deeplink parameters (docs/rules/services.md#deeplink, docs/rules/constants.md#analytics): what the share screens'
 * 打开APP bar (tracking feature) and the download page (invitation feature) both need, kept out of the
 * first load (only their chunks import it).
 */

export interface DeeplinkServices {
  origin: string;
  project: string;
  userAgent: string;
  /** GET {origin}/sdk/deeplink/param; the parsed JSON (params or {errorMsg}). */
  fetchParams(url: string): Promise<unknown>;
  /** Opens a scheme or universal link. */
  open(url: string): void;
  /** True when the page went to the background (the app opened over it). */
  pageHidden(): boolean;
  goTo(url: string): void;
}

export function deeplinkParamUrl(origin: string, key: string, project: string): string {
  return `${origin}/sdk/deeplink/param?${new URLSearchParams({ key, system_type: 'JS', project }).toString()}`;
}

/** iOS major version from the user agent, or null off iOS. */
export function iosVersion(ua: string): number | null {
  const m = /(?:iPhone|iPad|iPod).*? OS (\d+)[_\d]*/i.exec(ua);
  return m ? Number(m[1]) : null;
}

export type WakePlan = { url: string; download: string } | { problem: string };

/** Scheme on Android and old iOS, universal link on iOS 9 or later (docs/rules/constants.md#analytics). */
export function wakePlan(params: unknown, ua: string): WakePlan {
  if (!params || typeof params !== 'object') return { problem: '唤起参数无效' };
  if ('errorMsg' in params) return { problem: `唤起参数错误：${String((params as { errorMsg: unknown }).errorMsg)}` };
  const p = params as Partial<DeeplinkParams>;
  const ios = iosVersion(ua);
  const android = /Android/i.test(ua);
  if (ios === null && !android) return { problem: '不支持的系统：仅支持 Android 与 iOS' };
  const info = ios !== null ? p.ios_info : p.android_info;
  if (!info?.url_schemes || !info.download_url) return { problem: '唤起参数缺少 url_schemes 或 download_url' };
  const url = ios !== null && ios >= 9 && info.ios_wake_url ? info.ios_wake_url : info.url_schemes;
  return { url, download: info.download_url };
}

/** Both systems' download addresses of an answer (null where it has none): the download page offers each. */
export function downloadLinksOf(params: unknown): { android: string | null; ios: string | null } {
  const p = (params && typeof params === 'object' ? params : {}) as Partial<DeeplinkParams>;
  const url = (v: unknown) => (typeof v === 'string' && v.trim() ? v : null);
  return { android: url(p.android_info?.download_url), ios: url(p.ios_info?.download_url) };
}
