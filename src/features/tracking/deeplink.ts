import { call, delay, getContext, takeLeading } from 'redux-saga/effects';
import { createAction } from '@reduxjs/toolkit';
import type { DeeplinkParams } from '../../api/contract/tracking';
import { ANALYTICS } from '../../api/contract/tracking-wire';
import type { SagaServices } from '@/store';

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

export const deeplinkWakeRequested = createAction<{ key: string; downloadUrl: string }>('tracking/deeplinkWakeRequested');

export function deeplinkParamUrl(origin: string, key: string, project: string): string {
  return `${origin}/sdk/deeplink/param?${new URLSearchParams({ key, system_type: 'JS', project }).toString()}`;
}

/** iOS major version from the user agent, or null off iOS. */
export function iosVersion(ua: string): number | null {
  const m = /(?:iPhone|iPad|iPod).*? OS (\d+)[_\d]*/i.exec(ua);
  return m ? Number(m[1]) : null;
}

export type WakePlan = { url: string; download: string } | { problem: string };

/** Scheme on Android and old iOS, universal link on iOS 9 or later (spec §9). */
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

export type DeeplinkAnswer = { params: unknown } | { problem: string };

/** GET the parameters; a missing key or an unreachable API is a problem (spec §8), never a throw. */
export function* fetchDeeplinkParams(d: DeeplinkServices, key: string) {
  if (!key.trim()) return { problem: '唤起参数缺少 key' } as DeeplinkAnswer;
  try {
    const params: unknown = yield call([d, d.fetchParams], deeplinkParamUrl(d.origin, key, d.project));
    return { params } as DeeplinkAnswer;
  } catch (error) {
    return { problem: `唤起参数接口不可用：${String(error)}` } as DeeplinkAnswer;
  }
}

/** Every spec §8 failure becomes a problem: missing key, unreachable API, bad params, other systems. */
export function* fetchPlan(d: DeeplinkServices, key: string) {
  const answer: DeeplinkAnswer = yield call(fetchDeeplinkParams, d, key);
  return 'problem' in answer ? (answer as WakePlan) : wakePlan(answer.params, d.userAgent);
}

/** Both systems' download addresses of an answer (null where it has none): the download page offers each. */
export function downloadLinksOf(params: unknown): { android: string | null; ios: string | null } {
  const p = (params && typeof params === 'object' ? params : {}) as Partial<DeeplinkParams>;
  const url = (v: unknown) => (typeof v === 'string' && v.trim() ? v : null);
  return { android: url(p.android_info?.download_url), ios: url(p.ios_info?.download_url) };
}

/** Wake the app; if after at least 2500 ms the page is still in front, go to the download address. */
export function* wakeApp(action: ReturnType<typeof deeplinkWakeRequested>) {
  const services: SagaServices = yield getContext('services');
  const d = services.tracking?.deeplink;
  if (!d) return;
  const plan: WakePlan = yield call(fetchPlan, d, action.payload.key);
  if ('problem' in plan) {
    services.tracking?.log(plan.problem);
    yield call([d, d.goTo], action.payload.downloadUrl);
    return;
  }
  yield call([d, d.open], plan.url);
  yield delay(ANALYTICS.deeplinkWaitMs);
  const hidden: boolean = yield call([d, d.pageHidden]);
  if (!hidden) yield call([d, d.goTo], plan.download || action.payload.downloadUrl);
}

export function* deeplinkSaga() {
  yield takeLeading(deeplinkWakeRequested.type, wakeApp);
}
