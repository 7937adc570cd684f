import type { Action } from '@reduxjs/toolkit';
import { all, call, put } from 'redux-saga/effects';

import { backlogWatchers } from '@/features/marketing/backlog';
import { customerWatchers } from '@/features/marketing/customer';
import { detailsWatchers } from '@/features/marketing/details';
import { materialsWatchers } from '@/features/marketing/materials';
import { productShareWatchers } from '@/features/marketing/products';
import { reachWatchers } from '@/features/marketing/reach';
import { clueQueueSaga, pagesWatchers, workbenchWatchers } from '@/features/marketing/workbench';

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
