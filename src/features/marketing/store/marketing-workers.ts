import type { Action } from '@reduxjs/toolkit';
import { all, call, put } from 'redux-saga/effects';

import { backlogWatchers } from './backlog-saga';
import { clueQueueSaga } from './clue-queue-saga';
import { customerWatchers } from './customer-saga';
import { detailsWatchers } from './details-saga';
import { materialsWatchers } from './materials-saga';
import { pagesWatchers } from './pages-saga';
import { productShareWatchers } from './product-share-saga';
import { reachWatchers } from './reach-saga';
import { workbenchWatchers } from './workbench-saga';

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
    call(reachWatchers),
    call(backlogWatchers),
    call(function* replay() {
      for (const action of buffered) yield put(action);
    }),
  ]);
}
