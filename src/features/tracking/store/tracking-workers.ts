import type { PayloadAction } from '@reduxjs/toolkit';
import { buffers, type Channel, channel, type EventChannel, eventChannel } from 'redux-saga';
import { all, call, delay, flush, fork, getContext, put, select, take } from 'redux-saga/effects';

import { apiErrorInfo, isSessionInvalid } from '../../../api/errors';
import { heatmapPlan } from '../analytics/context';
import type { AnalyticsCall } from '../analytics/types';
import { deeplinkSaga } from '../deeplink';
import type { ReportBackend } from '../errors/reporter';
import { adviserWorkStep, type PendingWork } from '../own/adviser-work';
import { buildOwnEvent, buildOwnFast, ownEventProblem, variantFor } from '../own/fields';
import { type TrackingIdentity, trackingIdentityFrom } from '../own/identity';
import { ensureVisitorId } from '../own/visitor';
import type { AnalyticsService, LoadedAnalytics, TrackingServices } from '../services';
import { selectAnalyticsStatus } from './selectors';
import type { trackingFastRequested } from './tracking-slice';
import {
  analyticsCallRefused,
  analyticsNoticeLogged,
  analyticsQueueReplayed,
  analyticsSdkLoadFailed,
  analyticsSdkReady,
  errorReported,
  errorReportingDisabled,
  errorReportingFailed,
  errorReportingStarted,
  pageViewed,
  trackingEventFailed,
  trackingEventRefused,
  trackingEventRequested,
  trackingEventSent,
} from './tracking-slice';

import type { SagaServices } from '@/store';
import { type FeatureCrash, sessionInvalidated } from '@/store';

export type OwnAction = ReturnType<typeof trackingEventRequested> | ReturnType<typeof trackingFastRequested>;

function* trackingServices() {
  const services: SagaServices = yield getContext('services');
  return services.tracking ?? null;
}

/** One own tracking call: refused without a name and data object (docs/rules/validation.md#own-tracking-events), else posted once. */
export function* sendOwnTracking(action: OwnAction) {
  const t: TrackingServices | null = yield* trackingServices();
  const isEvent = trackingEventRequested.match(action);
  const name = isEvent ? action.payload.name : action.payload.method;
  const data = isEvent ? action.payload.data : action.payload.params;
  const problem = ownEventProblem(name, data) ?? (t ? null : '埋点服务未配置');
  if (problem || !t) {
    console.error(`[tracking] ${problem}`);
    yield put(trackingEventRefused({ name: String(name ?? ''), reason: problem ?? '' }));
    return;
  }
  const services: SagaServices = yield getContext('services');
  const identity: TrackingIdentity = trackingIdentityFrom(yield call([t, t.identitySources]));
  const variant = variantFor(identity);
  const now: number = yield call([services, services.now]);
  try {
    if (isEvent)
      yield call([t.own, t.own.sendEvent], variant, buildOwnEvent(identity, name, data, now, action.payload.extras));
    else yield call([t.own, t.own.sendFast], variant, buildOwnFast(identity, name, data, now, action.payload.extras));
    yield put(trackingEventSent({ name, variant }));
  } catch (error) {
    const info = apiErrorInfo(error);
    yield put(trackingEventFailed({ name, error: info }));
    if (isSessionInvalid(error)) yield put(sessionInvalidated({ code: info.code }));
  }
}

/**
 * The adviser's work as advisor-variant own events: each action of the channel through the pure mapping;
 * nothing for a customer's or a guest's page (their events are not the adviser's work).
 */
export function* adviserWorkLoop(work: Channel<PayloadAction<unknown>>) {
  let pending: PendingWork = {};
  for (;;) {
    const action: PayloadAction<unknown> = yield take(work);
    const step = adviserWorkStep(pending, action);
    pending = step.pending;
    if (!step.event) continue;
    const t: TrackingServices | null = yield* trackingServices();
    if (!t) continue;
    const identity: TrackingIdentity = trackingIdentityFrom(yield call([t, t.identitySources]));
    if (identity.flow === 'advisor') yield put(trackingEventRequested(step.event));
  }
}

const toCall = (a: PayloadAction<unknown>): AnalyticsCall =>
  pageViewed.match(a) ? { kind: 'pageView', ...a.payload } : (a.payload as AnalyticsCall);

/** One call on the ordered path; an auto-tracked one carries the settle its held link click waits for. */
export interface OrderedCall {
  call: AnalyticsCall;
  settle?: () => void;
}

export function* applyOrdered(client: AnalyticsService, item: OrderedCall) {
  try {
    const accepted: boolean = yield call([client, client.apply], item.call);
    if (!accepted) yield put(analyticsCallRefused({ kind: item.call.kind }));
  } finally {
    item.settle?.();
  }
}

export function* applyCall(client: AnalyticsService, action: PayloadAction<unknown>) {
  yield call(applyOrdered, client, { call: toCall(action) });
}

function* flushLoop(client: AnalyticsService, intervalMs: number) {
  for (;;) {
    yield call([client, client.flush]);
    yield delay(intervalMs);
  }
}

/** The SDK's auto-tracked calls (clicks, scroll), each with the settle of its returned promise. */
export function autoTrackChannel(loaded: LoadedAnalytics): EventChannel<OrderedCall> {
  return eventChannel<OrderedCall>(
    (emit) => loaded.autoTrack((c) => new Promise<void>((settle) => emit({ call: c, settle }))),
    buffers.expanding(50),
  );
}

/** One message each time the page is hidden or unloads. */
export function pageLeaveChannel(loaded: LoadedAnalytics): EventChannel<true> {
  return eventChannel<true>((emit) => loaded.onPageLeave(() => emit(true)), buffers.sliding(1));
}

/** Moves each action onto the ordered path as it arrives, so arrival order is kept. */
function* forwardActions(from: Channel<PayloadAction<unknown>>, to: Channel<OrderedCall>) {
  for (;;) {
    const action: PayloadAction<unknown> = yield take(from);
    yield put(to, { call: toCall(action) });
  }
}

/** The same for auto-tracked calls; the DOM listeners go with the saga. */
function* forwardAutoTracked(auto: EventChannel<OrderedCall>, to: Channel<OrderedCall>) {
  try {
    for (;;) yield put(to, (yield take(auto)) as OrderedCall);
  } finally {
    auto.close();
  }
}

/**
 * Hidden or unloading: the stored batch leaves by beacon now (synchronously, inside the
 * browser's event), not on the next load of the same project.
 */
export function* pageLeaveFlow(leaving: EventChannel<true>, client: AnalyticsService, log: (m: string) => void) {
  try {
    for (;;) {
      yield take(leaving);
      try {
        yield call([client, client.leave]);
      } catch (error) {
        log(`analytics beacon on leave failed: ${String(error)}`);
      }
    }
  } finally {
    leaving.close();
  }
}

/**
 * A visitor is their anonymous id (docs/rules/states.md#analytics-identity); signing in adds the login id, signing out returns to the anonymous
 * id. Each call waits while a sign-in check is under way (a WeCom code being traded for a token), so a page view
 * made meanwhile carries the person it ends with; then a changed person is logged in or out before the call.
 * Returns the login id now in force ('' for none).
 */
export function* followSignIn(t: TrackingServices, client: AnalyticsService, current: string) {
  yield call([t, t.signInSettled]);
  const identity = trackingIdentityFrom(yield call([t, t.identitySources]));
  const loginId = identity.flow === 'advisor' ? identity.employeeId : identity.uuid;
  if (loginId === current) return current;
  yield call(applyOrdered, client, { call: loginId ? { kind: 'login', id: loginId } : { kind: 'logout' } });
  return loginId;
}

/**
 * Readiness 2 → 3 → 4 (docs/rules/states.md#analytics-readiness): calls wait in a channel while the SDK loads after first
 * paint, are replayed in order once it is ready, then flow straight through. Auto-tracked
 * calls join the same ordered path, so none overtakes the replay.
 */
export function* analyticsFlow(chan: Channel<PayloadAction<unknown>>) {
  const t: TrackingServices | null = yield* trackingServices();
  if (!t) return;
  let loaded: LoadedAnalytics;
  try {
    loaded = yield call([t.analytics, t.analytics.load]);
  } catch (error) {
    yield put(analyticsSdkLoadFailed({ message: String(error) }));
    t.log(`analytics SDK failed to load: ${String(error)}`);
    return;
  }
  const { client } = loaded;
  yield put(analyticsSdkReady());
  // The sign-in and the replay of the calls that waited in the next task, not the SDK's: the two together were one
  // task of about 130 ms on Lighthouse's slowed phone. Not an idle moment: a visitor who leaves soon after the SDK
  // started must still have the page's view stored, and the next task comes within milliseconds.
  yield delay(0);
  let loginId: string = yield call(followSignIn, t, client, '');
  const queued: PayloadAction<unknown>[] = yield flush(chan);
  // From here on, actions and auto-tracked calls share one channel in the order they arrive.
  const ordered: Channel<OrderedCall> = channel(buffers.expanding(100));
  yield fork(forwardActions, chan, ordered);
  const auto: EventChannel<OrderedCall> = yield call(autoTrackChannel, loaded);
  yield fork(forwardAutoTracked, auto, ordered);
  const leaving: EventChannel<true> = yield call(pageLeaveChannel, loaded);
  yield fork(pageLeaveFlow, leaving, client, (m) => t.log(m));
  for (const action of queued) {
    // Each call its own task, apart from the sign-in and the listeners' setup too: the replay of a short visit's
    // calls (its page view, its first taps) was one task of about 100 ms on a slowed phone, each call the SDK's work
    // and a send, and the first call with the setup still 80-90 ms.
    yield delay(0);
    loginId = yield call(followSignIn, t, client, loginId);
    yield call(applyCall, client, action);
  }
  yield put(analyticsQueueReplayed({ replayed: queued.length }));
  const plan = heatmapPlan(t.analytics.heatmap, t.analytics.pageProtocol, t.analytics.serverUrl);
  // A restarted feature runs this flow again in the same page: each notice once per page load.
  const { notices }: ReturnType<typeof selectAnalyticsStatus> = yield select(selectAnalyticsStatus);
  for (const notice of plan.notices.filter((n) => !notices.includes(n))) {
    t.log(notice);
    yield put(analyticsNoticeLogged({ message: notice }));
  }
  for (const src of plan.scripts) yield fork([t.analytics, t.analytics.loadScript], src);
  if (t.analytics.sendType === 'batch') yield fork(flushLoop, client, t.analytics.flushIntervalMs);
  for (;;) {
    const item: OrderedCall = yield take(ordered);
    loginId = yield call(followSignIn, t, client, loginId);
    yield call(applyOrdered, client, item);
  }
}

/** Starts the SDK after first paint (or drops the queue where there is no address). */
export function* errorReportingFlow() {
  const t: TrackingServices | null = yield* trackingServices();
  if (!t) return;
  if (!t.errors.load) {
    t.errors.reporter.disable();
    yield put(errorReportingDisabled());
    return;
  }
  try {
    const backend: ReportBackend = yield call(t.errors.load);
    t.errors.reporter.attach(backend);
    yield put(errorReportingStarted());
  } catch (error) {
    t.log(`error reporting failed to load: ${String(error)}`);
    yield put(errorReportingFailed());
  }
}

export function* reportCrash(action: PayloadAction<FeatureCrash>) {
  const t: TrackingServices | null = yield* trackingServices();
  if (!t) return;
  const { feature, message } = action.payload;
  t.errors.reporter.capture(new Error(`feature saga crashed: ${feature}: ${message}`), {
    tags: { source: 'saga', feature },
  });
  yield put(errorReported({ source: 'saga' }));
}

/** Every own event counts once (none dropped by a newer one); a guest's first waits for its visitor id, so all carry the same. */
export function* ownTrackingLoop(own: Channel<OwnAction>) {
  for (;;) {
    const action = (yield take(own)) as OwnAction;
    const t: TrackingServices | null = yield* trackingServices();
    if (t) yield call(ensureVisitorId, t);
    yield fork(sendOwnTracking, action);
  }
}

/** The workers, fed from the channels the light root saga opened at start (nothing is lost). */
export function* runWorkers(
  own: Channel<OwnAction>,
  calls: Channel<PayloadAction<unknown>>,
  crashes: Channel<PayloadAction<FeatureCrash>>,
  work?: Channel<PayloadAction<unknown>>,
) {
  yield all([
    fork(ownTrackingLoop, own),
    ...(work ? [fork(adviserWorkLoop, work)] : []),
    fork(function* () {
      for (;;) yield fork(reportCrash, (yield take(crashes)) as PayloadAction<FeatureCrash>);
    }),
    fork(analyticsFlow, calls),
    fork(errorReportingFlow),
    fork(deeplinkSaga),
  ]);
}
