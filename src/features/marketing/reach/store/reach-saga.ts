import { all, call, put, select, takeEvery, takeLeading } from 'redux-saga/effects';

import { fetchSendOptions, openBridge, recordMessageResult, recordOutcome, startCall, startMessage } from '../api';
import {
  callOutcomeRecorded,
  callOutcomeSubmitted,
  customerCallRequested,
  customerCallStarted,
  customerMessageRequested,
  customerMessageStarted,
  customerMessageUndelivered,
  customerReachFailed,
  reachKey,
  type ReachTarget,
  selectReach,
  sendChoiceConfirmed,
  sendOptionsFailed,
  sendOptionsLoaded,
  sendOptionsRetried,
} from './reach-slice';

import type { ForwardResult } from '@/api/contract/market-map-materials';
import type { ReachBridged, ReachCall, ReachContact, ReachMessage } from '@/api/contract/market-map-reach';
import type { SendOffer, SendOptions } from '@/api/contract/market-map-send';
import {
  type CallOutcomeEvent,
  type MessageFailedEvent,
  WORKBENCH_EVENT_NAMES,
} from '@/api/contract/tracking-workbench';
import type { ApiErrorInfo } from '@/api/errors';
import type { Clients } from '@/features/marketing/details';
import { detailKey, detailRequested } from '@/features/marketing/details';
import { forwardMaterial, randomKey, recordShare } from '@/features/marketing/materials';
import {
  failureInfo,
  inChinese,
  marketClients,
  NO_DATA,
  type ShareAnswer,
  shareThroughWecom,
} from '@/features/marketing/shared';
import { customerShareRequested } from '@/features/session';
import { trackingEventRequested } from '@/features/tracking';
import { currentContext, type RuntimeContext } from '@/platform/context';

function* fail(target: ReturnType<typeof customerCallRequested>['payload']['target'], error: unknown) {
  const info: ApiErrorInfo = yield call(failureInfo, error);
  yield put(customerReachFailed({ target, message: info.message }));
  return info;
}

/** A request's failure as a reason code for the usage report: its kind, and the server's code when it gave one. */
const requestCode = (info: ApiErrorInfo) =>
  `REQUEST_${info.kind.toUpperCase().replace(/-/g, '_')}${info.code !== null ? `_${Math.abs(info.code)}` : ''}`;

/** Suitability or the contact budget refused the chosen material: the reason's code travels with it. */
class MessageRefused extends Error {
  constructor(
    message: string,
    readonly code: string,
  ) {
    super(message);
  }
}

function* trackCall(data: CallOutcomeEvent) {
  yield put(trackingEventRequested({ name: WORKBENCH_EVENT_NAMES.callOutcome, data }));
}

function* trackMessageFailed(data: MessageFailedEvent) {
  yield put(trackingEventRequested({ name: WORKBENCH_EVENT_NAMES.messageFailed, data }));
}

/** 最近联系 on the card, clue or customer shows the contact just made (read back from the server). */
export function* refreshRecent(target: ReachTarget) {
  const params = { ...target };
  yield put(detailRequested({ key: detailKey('reachRecent', params), kind: 'reachRecent', params, mode: 'refresh' }));
}

/** 打电话: the server makes a one-time bridge link (the number never comes here); opening it dials. */
export function* callWorker({ payload: { target } }: ReturnType<typeof customerCallRequested>) {
  try {
    const clients: Clients = yield call(marketClients);
    const started: ReachCall | null = yield call(startCall, clients, target);
    if (!started) throw NO_DATA;
    const bridged: ReachBridged | null = yield call(openBridge, clients, started.link);
    if (!bridged) throw NO_DATA;
    yield put(customerCallStarted({ target, callId: started.call_id, phoneMasked: started.phone_masked }));
  } catch (error) {
    const info: ApiErrorInfo = yield call(fail, target, error);
    // The bridge never dialled: an outcome of its own, so calls tried and calls placed can be told apart.
    yield call(trackCall, { target: reachKey(target), outcome: 'not_placed', reason_code: requestCode(info) });
  }
}

export function* outcomeWorker({
  payload: { target, callId, outcome, note },
}: ReturnType<typeof callOutcomeSubmitted>) {
  try {
    const clients: Clients = yield call(marketClients);
    const saved: ReachContact | null = yield call(recordOutcome, clients, {
      call_id: callId,
      outcome,
      ...(note ? { note } : {}),
    });
    if (!saved) throw NO_DATA;
    yield put(callOutcomeRecorded({ target, outcome }));
    // Tracked once the server kept it: an outcome the adviser must answer again is not counted twice.
    yield call(trackCall, { target: reachKey(target), outcome });
    yield call(refreshRecent, target);
  } catch (error) {
    yield call(fail, target, error);
  }
}

/** 发消息: the chooser's options, asked of the server (a read that records and spends nothing). */
export function* optionsWorker({
  payload: { target },
}: ReturnType<typeof customerMessageRequested> | ReturnType<typeof sendOptionsRetried>) {
  try {
    const entry: ReturnType<typeof selectReach> = yield select(selectReach, reachKey(target));
    const c = entry.chooser;
    if (!c) return;
    const clients: Clients = yield call(marketClients);
    const options: SendOptions | null = yield call(fetchSendOptions, clients, {
      ...target,
      ...(c.productIds.length ? { products: c.productIds.slice(0, 10).join(',') } : {}),
      ...(c.prefer ? { prefer: c.prefer } : {}),
    });
    if (!options) throw NO_DATA;
    yield put(sendOptionsLoaded({ target, options }));
  } catch (error) {
    const info: { message: string } = yield call(failureInfo, error);
    yield put(sendOptionsFailed({ target, message: info.message }));
  }
}

/** A material the adviser chose: the server decides and audits (pending), WeCom sends, its answer is recorded. */
function* sendMaterial(target: ReachTarget, customerId: number, materialId: number, offer: SendOffer) {
  const clients: Clients = yield call(marketClients);
  const contact: ReachMessage | null = yield call(startMessage, clients, target);
  if (!contact) throw NO_DATA;
  const key: string = yield call(randomKey);
  const decided: ForwardResult | null = yield call(forwardMaterial, clients, {
    fileId: materialId,
    customer_ids: [customerId],
    channel: 'wecom_chat',
    idempotency_key: key,
    offer,
  });
  if (!decided) throw NO_DATA;
  const sent = decided.sent[0];
  const refused = decided.refused[0];
  if (!sent)
    throw new MessageRefused(refused?.reason ?? '该素材当前不能发送给此客户', refused?.reason_code ?? 'REFUSED');
  const entry: ReturnType<typeof selectReach> = yield select(selectReach, reachKey(target));
  const material = entry.chooser?.options?.options.find((o) => o.material_id === materialId);
  const answer: ShareAnswer = yield call(
    shareThroughWecom,
    customerShareRequested({
      title: material?.title ?? '',
      desc: material?.summary ?? '',
      link: sent.link,
      imgUrl: material?.image_url ?? '',
      externalUserId: contact.external_user_id,
    }),
  );
  try {
    yield call(recordShare, clients, {
      forward_ids: [sent.forward_id],
      api: answer.ok ? answer.via : 'sendChatMessage',
      ok: answer.ok,
      ...(answer.ok ? {} : { reason: answer.code }),
    });
  } catch {
    // The trail's record; unrecorded, the server gives the contact back after its hold and says 未送达.
  }
  return answer;
}

/** A plain text of the adviser's own: the server checks it with the content policy, WeCom sends it. */
function* sendText(target: ReachTarget, text: string, offer: SendOffer) {
  const clients: Clients = yield call(marketClients);
  const contact: ReachMessage | null = yield call(startMessage, clients, { ...target, text, offer });
  if (!contact) throw NO_DATA;
  const answer: ShareAnswer = yield call(
    shareThroughWecom,
    customerShareRequested({
      title: '',
      desc: '',
      link: '',
      imgUrl: '',
      externalUserId: contact.external_user_id,
      text,
    }),
  );
  try {
    yield call(recordMessageResult, clients, {
      contact_id: contact.contact_id,
      ok: answer.ok,
      ...(answer.ok ? {} : { reason: answer.code }),
    });
  } catch {
    // The trail keeps the pending row; the answer shown here stands.
  }
  return answer;
}

/**
 * The adviser confirmed in the chooser: only now is anything recorded, forwarded or counted. 已送达 only when
 * WeCom confirms; otherwise 未送达 with the reason and a retry that opens the chooser again.
 */
export function* confirmWorker({ payload: { target, choice, offer } }: ReturnType<typeof sendChoiceConfirmed>) {
  const kind = 'text' in choice ? ('text' as const) : ('material' as const);
  const failed = (reason_code: string) => call(trackMessageFailed, { target: reachKey(target), kind, reason_code });
  try {
    const context: RuntimeContext = yield call(currentContext);
    if (!context.workChat) throw new MessageRefused('请在企业微信中打开后再发消息', 'NOT_IN_WORK_CHAT');
    const entry: ReturnType<typeof selectReach> = yield select(selectReach, reachKey(target));
    const customerId = entry.chooser?.customerId;
    if (customerId === undefined) return;
    const answer: ShareAnswer =
      'text' in choice
        ? yield call(sendText, target, choice.text, offer)
        : yield call(sendMaterial, target, customerId, choice.material_id, offer);
    const title = 'text' in choice ? `文字消息：${choice.text.slice(0, 12)}` : choice.title;
    if (answer.ok) {
      yield put(customerMessageStarted({ target, materialTitle: title }));
    } else {
      const retry = 'text' in choice ? null : choice.material_id;
      yield put(customerMessageUndelivered({ target, title, reason: answer.reason, retry }));
      yield failed(answer.code);
    }
    yield call(refreshRecent, target);
  } catch (error) {
    // Our own reasons are Chinese; anything else (a script error) is not the adviser's to read.
    if (error instanceof Error && !('kind' in error)) {
      yield put(customerReachFailed({ target, message: inChinese(error.message, '发送未完成，请稍后重试') }));
      yield failed(error instanceof MessageRefused ? error.code : 'CLIENT_ERROR');
    } else {
      const info: ApiErrorInfo = yield call(fail, target, error);
      yield failed(requestCode(info));
    }
  }
}

export function* reachWatchers() {
  yield all([
    takeLeading(customerCallRequested.type, callWorker),
    takeEvery([customerMessageRequested.type, sendOptionsRetried.type], optionsWorker),
    takeLeading(sendChoiceConfirmed.type, confirmWorker),
    takeLeading(callOutcomeSubmitted.type, outcomeWorker),
  ]);
}
