import { call, delay, put, race } from 'redux-saga/effects';

import type { AuthApi, WeworkJsSdk } from '../api';
import { authApi } from './flow-sagas';
import { customerShareFailed, type customerShareRequested, customerShareSent } from './session-slice';
import { configureWx, loadWx, type WxLike } from './share-saga';

import { currentUrl } from '@/platform/location';

/** WeCom's JS-SDK calls go through wx.invoke(name, params, callback) (weixin-js-sdk bridges them). */
type Invoke = (
  name: string,
  params: Record<string, unknown>,
  cb: (res: { err_msg?: string; errMsg?: string; entry?: string }) => void,
) => void;

const CUSTOMER_APIS = ['getContext', 'openEnterpriseChat', 'sendChatMessage', 'shareToExternalContact'];
const SDK_TIMEOUT_MS = 10_000;

function invoke(
  wx: WxLike,
  name: string,
  params: Record<string, unknown>,
): Promise<{ ok: boolean; entry?: string; message: string }> {
  const run = (wx as unknown as { invoke?: Invoke }).invoke;
  if (!run) return Promise.resolve({ ok: false, message: 'invoke unavailable' });
  return new Promise((resolve) => {
    run(name, params, (res) => {
      const message = res.err_msg ?? res.errMsg ?? '';
      resolve({ ok: /:ok$/.test(message), entry: res.entry, message });
    });
  });
}

/**
 * "发送给客户" in WeCom: opened from a chat's toolbar, send the link into that
 * chat (sendChatMessage); elsewhere pick external contacts (shareToExternalContact). The page is
 * signed with the WeCom ticket as for the share menu.
 */
export function* sendToCustomer(action: ReturnType<typeof customerShareRequested>) {
  const { title, desc, link, imgUrl, externalUserId } = action.payload;
  try {
    const wx: WxLike = yield call(loadWx);
    const api: AuthApi = yield call(authApi);
    const href: string = yield call(currentUrl);
    const signed: WeworkJsSdk | null = yield call([api, api.weworkJsSdk], href.split('#')[0] ?? href);
    if (!signed?.config) throw new Error('未取得签名');
    const { timeout }: { timeout?: true } = yield race({
      ready: call(configureWx, wx, signed.config, true, CUSTOMER_APIS),
      timeout: delay(SDK_TIMEOUT_MS),
    });
    if (timeout) throw new Error('企业微信接口未就绪');
    // From a card: open the one-to-one chat with that external contact; the message then goes into it.
    if (externalUserId) {
      const opened: { ok: boolean; message: string } = yield call(invoke, wx, 'openEnterpriseChat', {
        userIds: '',
        externalUserIds: externalUserId,
        groupName: '',
        chatId: '',
      });
      if (!opened.ok) throw new Error(opened.message || '未能打开会话');
    }
    const context: { ok: boolean; entry?: string } = externalUserId
      ? { ok: true, entry: 'single_chat_tools' }
      : yield call(invoke, wx, 'getContext', {});
    const inChat = context.ok && (context.entry === 'single_chat_tools' || context.entry === 'group_chat_tools');
    const news = { link, title, desc, imgUrl };
    const via = inChat ? 'sendChatMessage' : 'shareToExternalContact';
    const params = inChat
      ? { msgtype: 'news', news }
      : { text: { content: title }, attachments: [{ msgtype: 'link', link: { title, url: link, desc, imgUrl } }] };
    const sent: { ok: boolean; message: string } = yield call(invoke, wx, via, params);
    if (!sent.ok) throw new Error(sent.message || '发送未完成');
    yield put(customerShareSent({ via }));
  } catch (error) {
    yield put(customerShareFailed({ message: error instanceof Error ? error.message : '发送未完成' }));
  }
}
