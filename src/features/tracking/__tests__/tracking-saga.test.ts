import { combineReducers, configureStore } from '@reduxjs/toolkit';
import createSagaMiddleware from 'redux-saga';
import { take } from 'redux-saga/effects';
import { expectSaga } from 'redux-saga-test-plan';

import { ApiError } from '../../../api/errors';
import { advanceUntil, useVirtualClock } from '../../../lib/testing/virtual-time';
import type { AnalyticsCall } from '../analytics/types';
import { createErrorReporter } from '../errors/reporter';
import type { AnalyticsService, LoadedAnalytics, TrackingServices } from '../services';
import { trackingSaga } from '../store/tracking-saga';
import {
  analyticsCallRequested,
  pageViewed,
  trackingEventFailed,
  trackingEventRefused,
  trackingEventRequested,
  trackingEventSent,
  trackingReducer,
} from '../store/tracking-slice';
import { reportCrash, sendOwnTracking } from '../store/tracking-workers';

import type { SagaServices } from '@/store';
import { featureSagaCrashed } from '@/store';

const NOW = 1_763_800_000_000;
const SIGN_IN_SETTLED = 'test/signInSettled';
const adviser = JSON.stringify({ employee_id: 'E0001', employee: { is_financial_advisor: 1 } });

function services(over: { userinfos?: string | null; search?: string } = {}) {
  const applied: AnalyticsCall[] = [];
  let release!: () => void;
  const painted = new Promise<void>((r) => (release = r));
  // While `held`, each apply waits for resume() (a slow SDK call during the replay).
  const gate = { held: false, waiting: [] as (() => void)[] };
  const step = () => {
    for (const go of gate.waiting.splice(0)) go();
  };
  const resume = () => {
    gate.held = false;
    step();
  };
  const apply = async (c: AnalyticsCall) => {
    applied.push(c);
    if (gate.held) await new Promise<void>((r) => gate.waiting.push(r));
    return true;
  };
  const client = { apply, flush: async () => 0, leave: jest.fn(() => 1) } as unknown as AnalyticsService & {
    leave: jest.Mock;
  };
  const page = {
    record: null as ((c: AnalyticsCall) => Promise<unknown>) | null,
    left: null as (() => void) | null,
    stopped: 0,
  };
  const loaded: LoadedAnalytics = {
    client,
    autoTrack: (record) => ((page.record = record), () => void (page.stopped += 1)),
    onPageLeave: (left) => ((page.left = left), () => void (page.stopped += 1)),
  };
  const own = { sendEvent: jest.fn(), sendFast: jest.fn() };
  own.sendEvent.mockResolvedValue({ id: 1 });
  own.sendFast.mockResolvedValue({ id: 2 });
  const reporter = createErrorReporter();
  // While `checking`, the sign-in wait holds until the test dispatches SIGN_IN_SETTLED.
  const signIn = { checking: false };
  const tracking = {
    own,
    identitySources: () => ({
      userinfos: over.userinfos ?? null,
      uuids: null,
      search: over.search ?? '?uuid=u1',
      cookie: '',
    }),
    signInSettled: function* () {
      while (signIn.checking) yield take(SIGN_IN_SETTLED);
    },
    afterFirstPaint: () => painted,
    analytics: {
      project: 'default',
      sendType: 'image',
      flushIntervalMs: 1000,
      pageProtocol: 'http:',
      serverUrl: '/sa?project=default',
      heatmap: { heatmap: false, visualTracking: false, staticDomain: '/static' },
      load: async () => loaded,
      loadScript: async () => undefined,
    },
    errors: { reporter, load: null },
    deeplink: {} as TrackingServices['deeplink'],
    log: jest.fn(),
  } as unknown as TrackingServices;
  const saga: SagaServices = {
    api: {} as SagaServices['api'],
    navigate: jest.fn(),
    currentPath: () => '/',
    now: () => NOW,
    tracking,
  };
  return { saga, tracking, applied, release, own, reporter, client, page, gate, step, resume, signIn };
}
const reducer = combineReducers({ tracking: trackingReducer });

function realStore(saga: SagaServices) {
  const middleware = createSagaMiddleware({ context: { services: saga } });
  const store = configureStore({ reducer, middleware: (d) => d({ thunk: false }).concat(middleware) });
  const task = middleware.run(trackingSaga);
  return { store, task, readiness: () => store.getState().tracking.analytics };
}
// The store-driven tests below run on the virtual clock: a tick lets the sagas' promises settle.
const tick = () => jest.advanceTimersByTimeAsync(0);
const until = (check: () => boolean) => advanceUntil(check);

describe('analytics readiness 2 → 3 → 4', () => {
  useVirtualClock();
  test('calls made before the SDK loads are queued, replayed in order, later ones flow through', async () => {
    const s = services({ userinfos: adviser });
    const { store, task, readiness } = realStore(s.saga);
    store.dispatch(pageViewed({ url: 'http://x/', path: '/', title: '直播', referrer: '' }));
    store.dispatch(analyticsCallRequested({ kind: 'track', event: 'first_click' }));
    await tick();
    expect(readiness()).toMatchObject({ readiness: 2, queued: 2 });
    expect(s.applied).toEqual([]);
    s.release();
    await until(() => readiness().readiness === 4);
    expect(readiness()).toMatchObject({ readiness: 4, replayed: 2, queued: 0 });
    store.dispatch(analyticsCallRequested({ kind: 'track', event: 'after_ready' }));
    await tick();
    expect(s.applied.map((c) => (c.kind === 'track' ? c.event : c.kind))).toEqual([
      'login',
      'pageView',
      'first_click',
      'after_ready',
    ]);
    task.cancel();
  });

  test("the SDK's start and the replay are tasks of their own: nothing is replayed until a timer's turn", async () => {
    const s = services({ userinfos: adviser });
    const { store, task, readiness } = realStore(s.saga);
    store.dispatch(pageViewed({ url: 'http://x/', path: '/', title: '直播', referrer: '' }));
    await tick();
    s.release();
    // Every promise settles, no timer runs: the SDK is ready, the page view still waits.
    for (let i = 0; i < 50; i += 1) await Promise.resolve();
    expect(readiness()).toMatchObject({ readiness: 3, queued: 1 });
    expect(s.applied).toEqual([]);
    await until(() => readiness().readiness === 4);
    expect(s.applied.map((c) => c.kind)).toEqual(['login', 'pageView']);
    task.cancel();
  });

  test("each replayed call is a task of its own: the first waits a timer's turn after the setup, the second after the first", async () => {
    const s = services({ userinfos: adviser });
    const { store, task, readiness } = realStore(s.saga);
    store.dispatch(pageViewed({ url: 'http://x/', path: '/', title: '直播', referrer: '' }));
    store.dispatch(analyticsCallRequested({ kind: 'track', event: 'first_click' }));
    await tick();
    s.release();
    for (let i = 0; i < 50; i += 1) await Promise.resolve();
    expect(readiness()).toMatchObject({ readiness: 3, queued: 2 });
    // The timer after the SDK's start: the sign-in and the listeners, no call yet; then one call a timer.
    await jest.runOnlyPendingTimersAsync();
    expect(s.applied.map((c) => c.kind)).toEqual(['login']);
    await jest.runOnlyPendingTimersAsync();
    expect(s.applied.map((c) => c.kind)).toEqual(['login', 'pageView']);
    await jest.runOnlyPendingTimersAsync();
    expect(s.applied.map((c) => (c.kind === 'track' ? c.event : c.kind))).toEqual(['login', 'pageView', 'first_click']);
    await until(() => readiness().readiness === 4);
    task.cancel();
  });

  test('a page view made while a WeCom code is traded for a token waits, and goes out as the adviser signed in', async () => {
    const identity: { userinfos: string | null; search: string } = { userinfos: null, search: '?code=c1' };
    const s = services(identity);
    s.signIn.checking = true;
    const { store, task, readiness } = realStore(s.saga);
    store.dispatch(
      pageViewed({ url: 'http://x/marketMapIndex', path: '/marketMapIndex', title: '营销', referrer: '' }),
    );
    s.release();
    await until(() => readiness().readiness === 3);
    await tick();
    expect(s.applied).toEqual([]);
    // The exchange ends: the token and the adviser's details are stored, then the session says so.
    identity.userinfos = adviser;
    s.signIn.checking = false;
    store.dispatch({ type: SIGN_IN_SETTLED });
    await until(() => readiness().readiness === 4);
    expect(s.applied.map((c) => c.kind)).toEqual(['login', 'pageView']);
    expect(s.applied[0]).toEqual({ kind: 'login', id: 'E0001' });
    task.cancel();
  });

  test('signing in later adds the login id; signing out returns to the anonymous id', async () => {
    const identity: { userinfos: string | null; search: string } = { userinfos: null, search: '' };
    const s = services(identity);
    const { store, task, readiness } = realStore(s.saga);
    s.release();
    await until(() => readiness().readiness === 4);
    store.dispatch(analyticsCallRequested({ kind: 'track', event: 'as_guest' }));
    await tick();
    identity.userinfos = adviser;
    store.dispatch(analyticsCallRequested({ kind: 'track', event: 'signed_in' }));
    store.dispatch(analyticsCallRequested({ kind: 'track', event: 'still_signed_in' }));
    await tick();
    identity.userinfos = null;
    store.dispatch(analyticsCallRequested({ kind: 'track', event: 'signed_out' }));
    await tick();
    expect(s.applied.map((c) => (c.kind === 'track' ? c.event : c.kind))).toEqual([
      'as_guest',
      'login',
      'signed_in',
      'still_signed_in',
      'logout',
      'signed_out',
    ]);
    task.cancel();
  });

  test('the states pass through 3 (ready to queue) before 4', async () => {
    const s = services();
    const seen: number[] = [];
    const { store, task } = realStore(s.saga);
    store.subscribe(() => seen.push(store.getState().tracking.analytics.readiness));
    s.release();
    await until(() => seen.includes(4));
    expect([...new Set(seen)]).toEqual([2, 3, 4]);
    task.cancel();
  });
});

describe('notices (docs/rules/errors.md#analytics-notices)', () => {
  useVirtualClock();
  test('热力图未开启 is logged once per page load, even when the feature restarts after a crash', async () => {
    const s = services();
    const { store, task, readiness } = realStore(s.saga);
    s.release();
    await until(() => readiness().readiness === 4);
    task.cancel();
    // The root supervisor restarts a crashed feature on the same store (the same page load).
    const middleware = createSagaMiddleware({ context: { services: s.saga } });
    const again = configureStore({
      reducer,
      preloadedState: store.getState(),
      middleware: (d) => d({ thunk: false }).concat(middleware),
    });
    const second = middleware.run(trackingSaga);
    await until(
      () => (s.tracking.log as jest.Mock).mock.calls.length > 1 || again.getState().tracking.analytics.replayed === 0,
    );
    await tick();
    await tick();
    second.cancel();
    expect((s.tracking.log as jest.Mock).mock.calls.filter(([m]) => m === '热力图未开启')).toHaveLength(1);
    expect(again.getState().tracking.analytics.notices).toEqual(['热力图未开启']);
  });
});

describe('auto-tracking and leaving the page', () => {
  useVirtualClock();
  const names = (calls: AnalyticsCall[]) => calls.map((c) => (c.kind === 'track' ? c.event : c.kind));

  test('a click made while the queue replays is sent after it, in the order the user acted', async () => {
    const s = services({ userinfos: adviser });
    const { store, task, readiness } = realStore(s.saga);
    store.dispatch(pageViewed({ url: 'http://x/', path: '/', title: '直播', referrer: '' }));
    store.dispatch(analyticsCallRequested({ kind: 'track', event: 'queued_tap' }));
    s.gate.held = true;
    s.release();
    await until(() => s.applied.length === 1);
    s.step();
    await until(() => s.applied.length === 2);
    expect(names(s.applied)).toEqual(['login', 'pageView']);
    // The replay is under way and slow; the user clicks a link, then a screen records its own event.
    let appliedWhenStored = -1;
    const stored = s.page.record!({ kind: 'track', event: '$WebClick', properties: { $element_type: 'a' } }).then(
      () => (appliedWhenStored = s.applied.length),
    );
    store.dispatch(analyticsCallRequested({ kind: 'track', event: 'after_click' }));
    await tick();
    expect(appliedWhenStored).toBe(-1);
    s.resume();
    await until(() => s.applied.length === 5 && readiness().readiness === 4);
    await stored;
    expect(names(s.applied)).toEqual(['login', 'pageView', 'queued_tap', '$WebClick', 'after_click']);
    // A held link navigates once its click is stored, not before.
    expect(appliedWhenStored).toBeGreaterThanOrEqual(4);
    task.cancel();
    expect(s.page.stopped).toBe(2);
  });

  test('hiding or unloading the page hands the batch to the beacon at once, inside the event', async () => {
    const s = services();
    const { task, readiness } = realStore(s.saga);
    s.release();
    await until(() => readiness().readiness === 4);
    expect(s.client.leave).not.toHaveBeenCalled();
    s.page.left!();
    expect(s.client.leave).toHaveBeenCalledTimes(1);
    s.client.leave.mockImplementationOnce(() => {
      throw new Error('storage gone');
    });
    s.page.left!();
    s.page.left!();
    expect(s.client.leave).toHaveBeenCalledTimes(3);
    expect(s.tracking.log).toHaveBeenCalledWith(expect.stringMatching(/storage gone/));
    task.cancel();
  });
});

describe('own tracking', () => {
  test('an adviser event goes to the advisor variant with every field (docs/rules/data.md#own-tracking-fields)', async () => {
    const s = services({ userinfos: adviser, search: '?platform=1' });
    await expectSaga(sendOwnTracking, trackingEventRequested({ name: 'live_click', data: { num_index: 3 } }))
      .provide({ getContext: () => s.saga })
      .put(trackingEventSent({ name: 'live_click', variant: 'advisor' }))
      .run();
    expect(s.own.sendEvent).toHaveBeenCalledWith('advisor', {
      product_source: 1,
      project_source: 3,
      channel_source: 43,
      project_uid: '',
      project_utype: 4,
      is_analyst: 1,
      count_type: 1,
      version: '1.0.0',
      userid: 'E0001',
      uuid: '',
      timestamp: Math.floor(NOW / 1000),
      product_uid: '',
      event_name: 'live_click',
      event_data: { num_index: 3 },
    });
  });

  test('a missing name or data object is logged and nothing is sent', async () => {
    const s = services();
    const spy = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    await expectSaga(sendOwnTracking, trackingEventRequested({ name: '', data: {} }))
      .provide({ getContext: () => s.saga })
      .put(trackingEventRefused({ name: '', reason: '埋点缺少事件名' }))
      .run();
    await expectSaga(sendOwnTracking, trackingEventRequested({ name: 'x', data: null as never }))
      .provide({ getContext: () => s.saga })
      .put.like({ action: { type: trackingEventRefused.type } })
      .run();
    expect(s.own.sendEvent).not.toHaveBeenCalled();
    expect(spy).toHaveBeenCalledTimes(2);
    spy.mockRestore();
  });

  test('a network failure is a typed failure', async () => {
    const s = services();
    s.own.sendEvent.mockRejectedValueOnce(new ApiError({ kind: 'network', detail: 'down' }));
    await expectSaga(sendOwnTracking, trackingEventRequested({ name: 'x', data: {} }))
      .provide({ getContext: () => s.saga })
      .put.like({ action: { type: trackingEventFailed.type, payload: { name: 'x', error: { kind: 'network' } } } })
      .run();
  });
});

test('a feature saga crash is reported once the reporter has a backend', async () => {
  const s = services();
  await expectSaga(reportCrash, featureSagaCrashed({ feature: 'lives', message: 'boom', at: 1 }))
    .provide({ getContext: () => s.saga })
    .run();
  expect(s.reporter.pending()).toBe(1);
  const capture = jest.fn();
  s.reporter.attach({ capture });
  // The event id made when the crash was captured goes with it, so the action log and the report name each other.
  expect(capture).toHaveBeenCalledWith(
    expect.objectContaining({ message: 'feature saga crashed: lives: boom' }),
    { tags: { source: 'saga', feature: 'lives' } },
    expect.stringMatching(/^[0-9a-f]{32}$/),
  );
});
