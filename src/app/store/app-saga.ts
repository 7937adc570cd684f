import type { PayloadAction } from '@reduxjs/toolkit';
import { call, getContext, takeLeading } from 'redux-saga/effects';

import { getHref } from '@/routes';
import type { SagaServices } from '@/store';
import { sessionInvalidated } from '@/store';

/** Spec §8: an invalid session goes to /login, which brings the user back afterwards. */
export function* goToLogin(_action: PayloadAction<{ code: number | null }>) {
  const services: SagaServices = yield getContext('services');
  const here: string = yield call([services, services.currentPath]);
  if (/^\/login(\/|\?|$)/i.test(here)) return;
  yield call([services, services.navigate], getHref('login', {}, { redirect: here }), { replace: true });
}

export function* appSaga() {
  // Several calls failing together must not stack several /login pages.
  yield takeLeading(sessionInvalidated.type, goToLogin);
}
