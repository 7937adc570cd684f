import { createAction } from '@reduxjs/toolkit';
import { call, delay, getContext, takeLeading } from 'redux-saga/effects';

import { ANALYTICS } from '../../api/contract/tracking-wire';

import { deeplinkParamUrl, type DeeplinkServices, type WakePlan, wakePlan } from '@/platform/deeplink';
import type { SagaServices } from '@/store';

// The pure half lives in the platform layer, shared with the download page; re-exported for this feature's callers.
export { deeplinkParamUrl, type DeeplinkServices, iosVersion, wakePlan } from '@/platform/deeplink';

export const deeplinkWakeRequested = createAction<{ key: string; downloadUrl: string }>(
  'tracking/deeplinkWakeRequested',
);

/** Every failure (docs/rules/errors.md#deeplink-failures) becomes a problem: missing key, unreachable API, bad params, other systems. */
export function* fetchPlan(d: DeeplinkServices, key: string) {
  if (!key.trim()) return { problem: '唤起参数缺少 key' } as WakePlan;
  try {
    const params: unknown = yield call([d, d.fetchParams], deeplinkParamUrl(d.origin, key, d.project));
    return wakePlan(params, d.userAgent);
  } catch (error) {
    return { problem: `唤起参数接口不可用：${String(error)}` } as WakePlan;
  }
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
