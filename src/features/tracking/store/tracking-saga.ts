import type { PayloadAction } from '@reduxjs/toolkit';
import { buffers, type Channel } from 'redux-saga';
import { actionChannel, call, getContext } from 'redux-saga/effects';

import { ADVISER_WORK_TYPES } from '../own/adviser-work-types';
import { analyticsCallRequested, pageViewed, trackingEventRequested, trackingFastRequested } from './tracking-slice';
import type * as Workers from './tracking-workers';
import type { OwnAction } from './tracking-workers';

import type { SagaServices } from '@/store';
import { type FeatureCrash, featureSagaCrashed } from '@/store';

/**
 * The root's light half: it opens buffered channels at once (so no event is lost), waits for
 * the first paint, then loads the workers' chunk and hands the channels over.
 */
export function* trackingSaga() {
  const own: Channel<OwnAction> = yield actionChannel(
    [trackingEventRequested.type, trackingFastRequested.type],
    buffers.expanding(50),
  );
  const calls: Channel<PayloadAction<unknown>> = yield actionChannel(
    [analyticsCallRequested.type, pageViewed.type],
    buffers.expanding(100),
  );
  const crashes: Channel<PayloadAction<FeatureCrash>> = yield actionChannel(
    featureSagaCrashed.type,
    buffers.expanding(20),
  );
  // The adviser's work (workbench events) from the start, so a deep link's first events are not lost.
  const work: Channel<PayloadAction<unknown>> = yield actionChannel([...ADVISER_WORK_TYPES], buffers.expanding(50));
  const services: SagaServices = yield getContext('services');
  if (!services.tracking) return;
  yield call([services.tracking, services.tracking.afterFirstPaint]);
  const workers: typeof Workers = yield call(() => import(/* webpackChunkName: "tracking" */ './tracking-workers'));
  yield call(workers.runWorkers, own, calls, crashes, work);
}
