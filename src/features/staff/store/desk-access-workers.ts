import type { Action } from '@reduxjs/toolkit';
import { all, call, fork, put, takeLatest } from 'redux-saga/effects';

import { deskAccessRead, deskOpened } from './desk-access-slice';

import { desksOfStoredUser, sessionSignedIn, type StaffDesk } from '@/features/session';
import { readItem, StorageKey } from '@/platform/storage';

/** The stored employee record's desks (read again after a sign-in, which stores a new record). */
export function* readDeskAccess() {
  const stored: string | null = yield call(readItem, StorageKey.userInfos);
  const desks: StaffDesk[] | null = yield call(desksOfStoredUser, stored);
  yield put(deskAccessRead({ desks }));
}

export function* runDeskAccess(early: Action[]) {
  yield fork(function* watch() {
    yield takeLatest([deskOpened.type, sessionSignedIn.type], readDeskAccess);
  });
  yield all(early.map((a) => put(a)));
}
