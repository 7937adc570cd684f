import type { Action } from '@reduxjs/toolkit';
import { all, call, put } from 'redux-saga/effects';
import { workbenchWatchers } from './workbench-saga';
import { clueQueueSaga } from './clue-queue-saga';
import { pagesWatchers } from './pages-saga';
import { detailsWatchers } from './details-saga';
import { customerWatchers } from './customer-saga';
import { materialsWatchers } from './materials-saga';
import { productShareWatchers } from './product-share-saga';

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
