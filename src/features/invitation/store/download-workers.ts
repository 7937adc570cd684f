import { call, delay, getContext, put, select } from 'redux-saga/effects';

import { downloadEvents as ev, type DownloadState, selectDownload } from './download-slice';

import { ANALYTICS } from '@/api/contract/tracking-wire';
import { deeplinkParamUrl, downloadLinksOf, type WakePlan, wakePlan } from '@/platform/deeplink';
import type { SagaServices } from '@/store';

/** What a person reads when the deeplink service cannot answer; the technical reason goes to the log. */
export const LINKS_UNAVAILABLE = '暂时无法获取下载地址，请检查网络后重试';

/** The deeplink answer for the page's key: both systems' download addresses and this phone's wake link. */
export function* loadDownloadLinks(action: ReturnType<typeof ev.downloadPageOpened>) {
  const services: SagaServices = yield getContext('services');
  const d = services.tracking?.deeplink;
  if (!d) {
    yield put(ev.downloadLinksFailed({ message: LINKS_UNAVAILABLE }));
    return;
  }
  let params: unknown;
  try {
    params = yield call([d, d.fetchParams], deeplinkParamUrl(d.origin, action.payload.key, d.project));
  } catch (error) {
    // An unreachable API is logged (docs/rules/errors.md#deeplink-failures); the person gets words and a retry, never a redirect to this page.
    services.tracking?.log(`唤起参数接口不可用：${String(error)}`);
    yield put(ev.downloadLinksFailed({ message: LINKS_UNAVAILABLE }));
    return;
  }
  const links = downloadLinksOf(params);
  if (!links.android && !links.ios) {
    services.tracking?.log(wakePlanProblem(params, d.userAgent));
    yield put(ev.downloadLinksFailed({ message: LINKS_UNAVAILABLE }));
    return;
  }
  const plan: WakePlan = wakePlan(params, d.userAgent);
  yield put(ev.downloadLinksLoaded({ ...links, wakeLink: 'problem' in plan ? null : plan }));
}

const wakePlanProblem = (params: unknown, ua: string): string => {
  const plan = wakePlan(params, ua);
  return 'problem' in plan ? plan.problem : '唤起参数缺少 download_url';
};

/**
 * 打开 App: open the app's link; if after the wait (2,500 ms, docs/rules/constants.md#analytics) the page is still in front,
 * the app is not installed: go to this system's download address from the deeplink answer.
 */
export function* wakeFromDownloadPage() {
  const state: DownloadState = yield select(selectDownload);
  const services: SagaServices = yield getContext('services');
  const d = services.tracking?.deeplink;
  if (state.wake !== 'waking' || !state.wakeLink || !d) return;
  yield call([d, d.open], state.wakeLink.url);
  yield delay(ANALYTICS.deeplinkWaitMs);
  const hidden: boolean = yield call([d, d.pageHidden]);
  if (hidden) {
    yield put(ev.appWakeOpened());
    return;
  }
  yield put(ev.appWakeFellBack({ url: state.wakeLink.download }));
  yield call([d, d.goTo], state.wakeLink.download);
}
