// One message handed to WeCom (the session feature's JS-SDK saga) and its answer, for 发消息 and materialDetail.
import { put, race, take } from 'redux-saga/effects';

import { SEND_FAILURES, type SendFailure } from '@/api/contract/market-map-send';
import { customerShareFailed, type customerShareRequested, customerShareSent } from '@/features/session';

/** WeCom's own words are English ("sendChatMessage:fail …"): the adviser reads Chinese. */
export const inChinese = (message: string, fallback: string) => (/[\u4e00-\u9fff]/.test(message) ? message : fallback);

export type ShareAnswer = { ok: true; via: string } | { ok: false; reason: string; code: SendFailure };

/** Hands the message to the session's WeCom send and waits for its answer (that saga stops at SEND_TIMEOUT_MS). */
export function* shareThroughWecom(request: ReturnType<typeof customerShareRequested>) {
  yield put(request);
  const answer: { ok?: ReturnType<typeof customerShareSent>; no?: ReturnType<typeof customerShareFailed> } = yield race(
    { ok: take(customerShareSent.type), no: take(customerShareFailed.type) },
  );
  if (answer.ok) return { ok: true, via: answer.ok.payload.via } satisfies ShareAnswer;
  const code: SendFailure = answer.no?.payload.code ?? 'SDK_FAILED';
  const said = answer.no?.payload.message ?? '';
  const reason = code === 'SDK_FAILED' ? inChinese(said, SEND_FAILURES.SDK_FAILED) : SEND_FAILURES[code];
  return { ok: false, reason, code } satisfies ShareAnswer;
}
