import type { PayloadAction } from '@reduxjs/toolkit';
import { call, getContext, takeLeading } from 'redux-saga/effects';

import { currentContext, type RuntimeContext } from '../../platform/context';
import { readItem, removeItem, StorageKey, writeItem } from '../../platform/storage';

import { signInHref } from '@/features/session';
import { getHref } from '@/routes';
import type { SagaServices } from '@/store';
import { sessionInvalidated } from '@/store';

/**
 * A second session error this soon after WeChat's authorization means WeChat alone does not make this person
 * known (a WeChat not bound to a phone): they sign in with their phone instead of going round again.
 */
export const WECHAT_HOP_GRACE_MS = 120_000;

/**
 * An invalid session (a guest's message, question, like or follow answered with a session code) signs the person in
 * and brings them back: inside WeChat through WeChat's authorization, as 预约 does, elsewhere through /login. The
 * sign-in page takes this page's place in history, so once signed in back leaves for the page before in one press.
 */
export function* goToLogin(_action: PayloadAction<{ code: number | null }>) {
  const services: SagaServices = yield getContext('services');
  const here: string = yield call([services, services.currentPath]);
  if (/^\/(login|jumpToWxAuth)(\/|\?|$)/i.test(here)) return;
  const context: RuntimeContext = yield call(currentContext);
  const now: number = yield call([services, services.now]);
  const hopAt = Number(readItem(StorageKey.wechatAuthHopAt) ?? Number.NaN);
  const justBack = now - hopAt >= 0 && now - hopAt < WECHAT_HOP_GRACE_MS;
  if (context.webChat && !justBack) {
    yield call(writeItem, StorageKey.wechatAuthHopAt, String(now));
    yield call([services, services.navigate], signInHref(context, here), { replace: true });
    return;
  }
  yield call(removeItem, StorageKey.wechatAuthHopAt);
  yield call([services, services.navigate], getHref('login', {}, { redirect: here }), { replace: true });
}

export function* appSaga() {
  // Several calls failing together must not stack several sign-in pages.
  yield takeLeading(sessionInvalidated.type, goToLogin);
}
