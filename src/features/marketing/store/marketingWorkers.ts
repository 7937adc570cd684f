import type { Action } from '@reduxjs/toolkit';
import { all, call, put } from 'redux-saga/effects';
import { workbenchWatchers } from './workbenchSaga';
import { clueQueueSaga } from './clueQueueSaga';
import { pagesWatchers } from './pagesSaga';
import { detailsWatchers } from './detailsSaga';
import { customerWatchers } from './customerSaga';
import { materialsWatchers } from './materialsSaga';
import { productShareWatchers } from './productShareSaga';

/** The marketing sagas (loaded with the first marketing screen); events that came before are put again. */
export function* runMarketing(buffered: Action[] = []) {
  yield all([
    call(workbenchWatchers),
    call(clueQueueSaga),
    call(pagesWatchers),
    call(detailsWatchers),
    call(customerWatchers),
    call(productShareWatchers),
    call(materialsWatchers),
    call(function* replay() {
      for (const action of buffered) yield put(action);
    }),
  ]);
}
