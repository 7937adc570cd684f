import { call, delay, put, race } from 'redux-saga/effects';

import type { AuthApi, WeworkJsSdk } from '../api';
import { authApi } from './flow-sagas';
import { customerShareFailed, type customerShareRequested, customerShareSent } from './session-slice';
import { configureWx, loadWx, type WxLike } from './share-saga';

import { SEND_FAILURES, SEND_TIMEOUT_MS, type SendFailure } from '@/api/contract/market-map-send';
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

/** A WeCom answer that is not "ok", with why in the trail's code. */
class SendFailed extends Error {
  constructor(
    message: string,
    readonly code: SendFailure,
  ) {
    super(message);
  }
}
const failureOf = (message: string, fallback: SendFailure = 'SDK_FAILED') =>
  new SendFailed(message, /:cancel$/.test(message) ? 'SEND_CANCELLED' : fallback);

function* deliver(payload: ReturnType<typeof customerShareRequested>['payload']) {
  const { title, desc, link, imgUrl, externalUserId, text } = payload;
  const wx: WxLike = yield call(loadWx);
  const api: AuthApi = yield call(authApi);
  const href: string = yield call(currentUrl);
  const signed: WeworkJsSdk | null = yield call([api, api.weworkJsSdk], href.split('#')[0] ?? href);
  if (!signed?.config) throw new Error('未取得签名');
  const { timeout }: { timeout?: true } = yield race({
    ready: call(configureWx, wx, signed.config, true, CUSTOMER_APIS),
    timeout: delay(SDK_TIMEOUT_MS),
  });
  if (timeout) throw new SendFailed('企业微信接口未就绪', 'SDK_TIMEOUT');
  // From a card: open the one-to-one chat with that external contact; the message then goes into it.
  if (externalUserId) {
    const opened: { ok: boolean; message: string } = yield call(invoke, wx, 'openEnterpriseChat', {
      userIds: '',
      externalUserIds: externalUserId,
      groupName: '',
      chatId: '',
    });
    if (!opened.ok) throw failureOf(opened.message || '未能打开会话', 'CHAT_NOT_OPENED');
  }
  const context: { ok: boolean; entry?: string } = externalUserId
    ? { ok: true, entry: 'single_chat_tools' }
    : yield call(invoke, wx, 'getContext', {});
  const inChat = context.ok && (context.entry === 'single_chat_tools' || context.entry === 'group_chat_tools');
  const news = { link, title, desc, imgUrl };
  const via = inChat ? 'sendChatMessage' : 'shareToExternalContact';
  const params =
    text !== undefined
      ? inChat
        ? { msgtype: 'text', text: { content: text } }
        : { text: { content: text } }
      : inChat
        ? { msgtype: 'news', news }
        : { text: { content: title }, attachments: [{ msgtype: 'link', link: { title, url: link, desc, imgUrl } }] };
  const sent: { ok: boolean; message: string } = yield call(invoke, wx, via, params);
  if (!sent.ok) throw failureOf(sent.message || '发送未完成');
  return via;
}

/**
 * "发送给客户" in WeCom: opened from a chat's toolbar, send the link into that
 * chat (sendChatMessage); elsewhere pick external contacts (shareToExternalContact). The page is
 * signed with the WeCom ticket as for the share menu. WeCom that does not answer within SEND_TIMEOUT_MS
 * is a failure the adviser reads (企业微信未响应，已停止发送), never an endless 发送中.
 */
export function* sendToCustomer(action: ReturnType<typeof customerShareRequested>) {
  try {
    const answer: { via?: 'sendChatMessage' | 'shareToExternalContact'; timeout?: true } = yield race({
      via: call(deliver, action.payload),
      timeout: delay(SEND_TIMEOUT_MS),
    });
    if (!answer.via) {
      yield put(customerShareFailed({ message: SEND_FAILURES.SDK_TIMEOUT, code: 'SDK_TIMEOUT' }));
      return;
    }
    yield put(customerShareSent({ via: answer.via }));
  } catch (error) {
    yield put(
      customerShareFailed({
        message: error instanceof Error ? error.message : '发送未完成',
        code: error instanceof SendFailed ? error.code : 'SDK_FAILED',
      }),
    );
  }
}
