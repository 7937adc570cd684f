import { type EventChannel, eventChannel } from 'redux-saga';
import { call, cancelled, delay, put, race, select, take } from 'redux-saga/effects';

import { SHARE_SETUP_DELAY_MS } from '../../../api/contract/auth-constants';
import { type ApiErrorInfo, apiErrorInfo } from '../../../api/errors';
import { currentContext, type RuntimeContext } from '../../../platform/context';
import { currentUrl } from '../../../platform/location';
import type { AuthApi, JsSdkConfig, WechatShare, WeworkJsSdk } from '../api';
import { linkToShare } from '../share/sharer';
import { authApi } from './flow-sagas';
import { selectSessionState } from './session-slice';
import {
  shareCompleted,
  shareMenuApplied,
  shareMenuConfigured,
  shareMenuFailed,
  shareMenuUnavailable,
} from './session-slice';
import type { ShareMenu } from './types';

import { trackingEventRequested } from '@/features/tracking';
import type { RootState } from '@/store';

/** The part of the JS-SDK (weixin-js-sdk's `wx`) the share menu uses; tests pass a fake. */
export interface WxLike {
  config(conf: Record<string, unknown>): void;
  ready(fn: () => void): void;
  error(fn: (err: { errMsg: string }) => void): void;
  updateAppMessageShareData(p: Record<string, unknown>): void;
  updateTimelineShareData(p: Record<string, unknown>): void;
  onMenuShareAppMessage(p: Record<string, unknown>): void;
  onMenuShareTimeline(p: Record<string, unknown>): void;
  hideOptionMenu(): void;
  showOptionMenu(): void;
}

export type ShareChannel = 'appMessage' | 'timeline';

/** Outside WeChat the SDK never calls ready: give up after this long instead of hanging. */
export const SDK_READY_TIMEOUT_MS = 10_000;

const JS_API_LIST = [
  'updateAppMessageShareData',
  'updateTimelineShareData',
  'onMenuShareAppMessage',
  'onMenuShareTimeline',
  'hideOptionMenu',
  'showOptionMenu',
];

const sdkError = (message: string): ApiErrorInfo => ({ kind: 'http', code: null, httpStatus: null, message });

/** weixin-js-sdk from npm, loaded only when a share menu is set. */
export async function loadWx(): Promise<WxLike> {
  const mod = await import(/* webpackChunkName: "weixin-js-sdk" */ 'weixin-js-sdk');
  return (mod.default ?? mod) as unknown as WxLike;
}

/** wx.config + ready/error as one promise: resolves on ready, rejects with the SDK's errMsg. */
export function configureWx(
  wx: WxLike,
  config: JsSdkConfig,
  workChat: boolean,
  apis: readonly string[] = JS_API_LIST,
): Promise<void> {
  return new Promise((resolve, reject) => {
    wx.error((err) => reject(new Error(err.errMsg || 'config:fail')));
    wx.ready(resolve);
    // WeCom takes the corp id as appId and `beta` for its own APIs.
    wx.config({
      ...(workChat ? { beta: true } : {}),
      debug: false,
      appId: config.appId,
      timestamp: config.timestamp,
      nonceStr: config.nonceStr,
      signature: config.signature,
      jsApiList: [...apis],
    });
  });
}

/** The SDK's share callbacks as a channel: each share by the user is one event. */
export function shareCallbacks(wx: WxLike, menu: Required<ShareMenu>): EventChannel<ShareChannel> {
  return eventChannel<ShareChannel>((emit) => {
    const common = { desc: menu.desc, link: menu.link, imgUrl: menu.imgUrl };
    // update* set the menu; only the older onMenuShare* report an actual share.
    wx.updateAppMessageShareData({ ...common, title: menu.title });
    wx.updateTimelineShareData({ title: menu.timelineTitle, link: menu.link, imgUrl: menu.imgUrl });
    wx.onMenuShareAppMessage({ ...common, title: menu.title, success: () => emit('appMessage') });
    wx.onMenuShareTimeline({
      title: menu.timelineTitle,
      link: menu.link,
      imgUrl: menu.imgUrl,
      success: () => emit('timeline'),
    });
    return () => undefined;
  });
}

function* signedConfig(context: RuntimeContext, url: string) {
  const api: AuthApi = yield call(authApi);
  if (context.workChat) {
    const wework: WeworkJsSdk | null = yield call([api, api.weworkJsSdk], url);
    return wework?.config ?? null;
  }
  const share: WechatShare | null = yield call([api, api.wechatShare], url);
  return share;
}

/**
 * Wait 1000 ms, sign the page with the backend, configure the SDK, then hide the
 * menu or set it (docs/rules/states.md#share-menus, docs/rules/constants.md#sessions-and-share-menus); each share by the user becomes `common_share_click`. Runs under takeLatest,
 * so another screen's menu cancels this one.
 */
export function* setupShareMenu(action: { type: string; payload?: ShareMenu }) {
  yield delay(SHARE_SETUP_DELAY_MS);
  const context: RuntimeContext = yield call(currentContext);
  if (!context.webChat && !context.workChat) {
    yield put(shareMenuUnavailable());
    return;
  }
  const href: string = yield call(currentUrl);
  const menuIn = action.type === shareMenuConfigured.type ? (action.payload ?? null) : null;
  let wx: WxLike;
  try {
    wx = yield call(loadWx);
    // The signature covers the exact address without its fragment.
    const config: JsSdkConfig | null = yield call(signedConfig, context, href.split('#')[0] ?? href);
    if (!config) {
      yield put(shareMenuFailed({ error: sdkError('分享设置失败：未取得签名，请稍后重试') }));
      return;
    }
    const { timeout } = yield race({
      ready: call(configureWx, wx, config, context.workChat),
      timeout: delay(SDK_READY_TIMEOUT_MS),
    });
    if (timeout) {
      yield put(shareMenuFailed({ error: sdkError('分享设置失败：微信接口未就绪') }));
      return;
    }
  } catch (error) {
    const info =
      error instanceof Error && !('kind' in error) ? sdkError(`分享设置失败：${error.message}`) : apiErrorInfo(error);
    yield put(shareMenuFailed({ error: info }));
    return;
  }
  if (!menuIn) {
    yield call([wx, wx.hideOptionMenu]);
    yield put(shareMenuApplied({ hidden: true }));
    return;
  }
  // A shared link carries no uuid, token or code of the sharer.
  const link: string = yield call(linkToShare, menuIn.link || href);
  const menu: Required<ShareMenu> = {
    title: menuIn.title,
    desc: menuIn.desc,
    link,
    imgUrl: menuIn.imgUrl ?? '',
    timelineTitle: menuIn.timelineTitle || menuIn.title,
  };
  yield call([wx, wx.showOptionMenu]);
  const channel: EventChannel<ShareChannel> = yield call(shareCallbacks, wx, menu);
  yield put(shareMenuApplied({ hidden: false }));
  try {
    for (;;) {
      const shared: ShareChannel = yield take(channel);
      const status: string = yield select((s: RootState) => selectSessionState(s).share.status);
      yield put(shareCompleted({ channel: shared }));
      if (status === 'shown')
        yield put(
          trackingEventRequested({ name: 'common_share_click', data: { channel: shared, title: menu.title, link } }),
        );
    }
  } finally {
    if ((yield cancelled()) as boolean) channel.close();
  }
}
