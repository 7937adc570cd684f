import { all, call, put, race, take, takeLeading } from 'redux-saga/effects';

import { forwardMaterial, recordShare } from '../materials/api';
import { openBridge, recordOutcome, startCall, startMessage } from '../reach/api';
import { detailKey, detailRequested } from './details-slice';
import type { Clients } from './fetchers';
import { MATERIAL_LIST_FETCHERS } from './fetchers/materials';
import { randomKey } from './materials-saga';
import {
  callOutcomeRecorded,
  callOutcomeSubmitted,
  customerCallRequested,
  customerCallStarted,
  customerMessageRequested,
  customerMessageStarted,
  customerReachFailed,
  type ReachTarget,
} from './reach-slice';
import { failureInfo, marketClients, NO_DATA } from './saga-util';

import type { ForwardResult, MaterialItem } from '@/api/contract/market-map-materials';
import type { ReachBridged, ReachCall, ReachContact, ReachMessage } from '@/api/contract/market-map-reach';
import { customerShareFailed, customerShareRequested, customerShareSent } from '@/features/session';
import { currentContext, type RuntimeContext } from '@/platform/context';

function* fail(target: ReturnType<typeof customerCallRequested>['payload']['target'], error: unknown) {
  const info: { message: string } = yield call(failureInfo, error);
  yield put(customerReachFailed({ target, message: info.message }));
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
    yield call(fail, target, error);
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
    yield call(refreshRecent, target);
  } catch (error) {
    yield call(fail, target, error);
  }
}

/** The material to attach: suitable for this customer today and in date, about the card's products first. */
export function pickMaterial(list: readonly MaterialItem[], productIds: readonly number[]): MaterialItem | null {
  const usable = list.filter((m) => m.suitability?.ok && !m.expired);
  return usable.find((m) => m.products.some((p) => productIds.includes(p.product_id))) ?? usable[0] ?? null;
}

/**
 * 发消息: a suitable material goes through the server's forward decision (suitability, contact budget,
 * audited), then WeCom opens the chat with the external contact and sends the tracked link into it.
 */
export function* messageWorker({
  payload: { target, customerId, productIds },
}: ReturnType<typeof customerMessageRequested>) {
  try {
    const context: RuntimeContext = yield call(currentContext);
    if (!context.workChat) throw new Error('请在企业微信中打开后再发消息');
    const clients: Clients = yield call(marketClients);
    const page: { list: MaterialItem[] } | null = yield call(MATERIAL_LIST_FETCHERS.materialFiles, clients, {
      customer_id: customerId,
    });
    const material = pickMaterial(page?.list ?? [], productIds);
    if (!material) throw new Error('暂无适合该客户的素材，请先在素材库中挑选');
    const contact: ReachMessage | null = yield call(startMessage, clients, target);
    if (!contact) throw NO_DATA;
    const key: string = yield call(randomKey);
    const decided: ForwardResult | null = yield call(forwardMaterial, clients, {
      fileId: material.material_id,
      customer_ids: [customerId],
      channel: 'wecom_chat',
      idempotency_key: key,
    });
    if (!decided) throw NO_DATA;
    const sent = decided.sent[0];
    if (!sent) throw new Error(decided.refused[0]?.reason ?? '该素材当前不能发送给此客户');
    const img = material.image_url ?? '';
    yield put(
      customerShareRequested({
        title: material.title,
        desc: material.summary,
        link: sent.link,
        imgUrl: img,
        externalUserId: contact.external_user_id,
      }),
    );
    const answer: { ok?: ReturnType<typeof customerShareSent>; no?: ReturnType<typeof customerShareFailed> } =
      yield race({
        ok: take(customerShareSent.type),
        no: take(customerShareFailed.type),
      });
    yield call(recordShare, clients, {
      forward_ids: [sent.forward_id],
      api: 'openEnterpriseChat',
      ok: Boolean(answer.ok),
    });
    // WeCom's own words are English ("sendChatMessage:fail …"): the adviser reads Chinese.
    if (answer.no)
      throw new Error(
        /[\u4e00-\u9fff]/.test(answer.no.payload.message)
          ? `未能发送：${answer.no.payload.message}`
          : '企业微信未能发送，请稍后重试',
      );
    yield put(customerMessageStarted({ target, materialTitle: material.title }));
    yield call(refreshRecent, target);
  } catch (error) {
    // Our own reasons are Chinese; anything else (a script error) is not the adviser's to read.
    if (error instanceof Error && !('kind' in error))
      yield put(
        customerReachFailed({
          target,
          message: /[\u4e00-\u9fff]/.test(error.message) ? error.message : '发送未完成，请稍后重试',
        }),
      );
    else yield call(fail, target, error);
  }
}

export function* reachWatchers() {
  yield all([
    takeLeading(customerCallRequested.type, callWorker),
    takeLeading(customerMessageRequested.type, messageWorker),
    takeLeading(callOutcomeSubmitted.type, outcomeWorker),
  ]);
}
