import { call, put, take, takeEvery, takeLatest } from 'redux-saga/effects';

import { quietServices } from './support';

import { faultOf, requestOf } from '@/api/contract/action-log-entries';
import { createLazyServiceClients } from '@/api/lazy-clients';
import { requestData } from '@/api/request';
import { fakeTransport, ok, testContext, testEnvironment } from '@/api/testing/fake-transport';
import { createAppStore } from '@/app/store/configure-app-store';
import { createFaultJournal, recordRequests } from '@/features/action-log/faults';
import { createRecorder } from '@/features/action-log/recorder';
import { createRedactor } from '@/features/action-log/redact';
import { createSagaTriggers } from '@/features/action-log/saga-trigger';
import { rootReducer } from '@/store';

function setup() {
  const recorder = createRecorder({
    reducer: rootReducer,
    getRoute: () => '/',
    schedule: () => undefined,
    salt: 's',
    redact: createRedactor,
    meta: { appVersion: '1.37.0', environment: 'local', context: { userAgentClass: 'node', fromApp: null } },
  });
  const triggers = createSagaTriggers();
  const transport = fakeTransport({ status: 200, body: ok({ n: 1 }) });
  const { clients } = createLazyServiceClients(
    testEnvironment,
    { ...testContext(), observeRequest: recordRequests(recorder), requestOrigin: triggers.current },
    transport.adapter,
  );
  const get = (url: string) => requestData(clients.liveApp, { method: 'GET', url });
  let release = () => undefined as void;
  const held = () => new Promise<void>((resolve) => (release = resolve));

  function* listSaga() {
    // The worker puts a tracking event before its request: the last action dispatched is not what started it.
    yield takeEvery('test/listOpened', function* () {
      yield put({ type: 'tracking/trackingEventRequested' });
      yield call(get, '/api/list');
    });
  }
  function* detailSaga() {
    yield takeLatest('test/detailOpened', function* () {
      yield call(held);
      yield call(get, '/api/detail');
    });
  }
  function* loopSaga() {
    for (;;) {
      yield take('test/refreshAsked');
      yield call(get, '/api/refresh');
    }
  }
  // A worker whose request fails logs the error in its catch, after an await: its own code, between two effects.
  function* saveSaga() {
    yield takeEvery('test/saveAsked', function* () {
      try {
        yield call(held);
        yield call(() => Promise.reject(new Error('保存失败')));
      } catch (error) {
        console.error(error);
      }
    });
  }
  const store = createAppStore({
    services: quietServices,
    recorder: recorder.middleware,
    sagas: { list: listSaga, detail: detailSaga, loop: loopSaga, save: saveSaga },
    sagaTracking: triggers,
  });
  const requests = () =>
    recorder
      .exportLog()
      .entries.map(requestOf)
      .filter((r) => r !== null)
      .map((r) => [r.path, r.trigger]);
  return { store, transport, requests, release: () => release(), triggers, recorder };
}

describe("a request's trigger is the action that started its saga", () => {
  it('names the watched action, not the action dispatched last, with its seq in the log', async () => {
    const { store, transport, requests, release, triggers } = setup();
    store.dispatch({ type: 'test/detailOpened' }); // seq 0
    store.dispatch({ type: 'test/listOpened' }); // seq 1; its worker puts the tracking event, seq 2
    // Another action between the detail saga's start and its request.
    store.dispatch({ type: 'lives/clockTicked' }); // seq 3
    release();
    await waitFor(() => transport.sent.length === 2);
    // The two request entries took seqs 4 and 5.
    store.dispatch({ type: 'test/refreshAsked' }); // seq 6
    store.dispatch({ type: 'tracking/trackingEventRequested' }); // seq 7
    await waitFor(() => transport.sent.length === 3);
    await waitFor(() => requests().length === 3);
    expect(requests()).toEqual([
      ['/api/list', { seq: 1, type: 'test/listOpened' }],
      ['/api/detail', { seq: 0, type: 'test/detailOpened' }],
      ['/api/refresh', { seq: 6, type: 'test/refreshAsked' }],
    ]);
    // Outside a saga's effect nothing is claimed: the recorder falls back to the action dispatched last.
    expect(triggers.current()).toBeNull();
  });
});

describe("a console error's trigger", () => {
  it('is the action whose saga was running when it was logged; outside a saga, the last action, said to come before', async () => {
    const { store, release, triggers, recorder } = setup();
    // The saga logs through the real console: the journal wraps it, the test keeps it quiet.
    const printed = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    const stop = createFaultJournal(recorder, triggers.current).watch(new EventTarget() as unknown as Window, console);
    store.dispatch({ type: 'test/saveAsked' }); // seq 0
    store.dispatch({ type: 'lives/clockTicked' }); // seq 1: dispatched last when the saga logs its error
    release();
    await waitFor(() => printed.mock.calls.length === 1);
    // A click handler's error, no saga running.
    console.error('按钮处理出错');
    stop();
    printed.mockRestore();
    const faults = recorder
      .exportLog()
      .entries.map(faultOf)
      .filter((f) => f !== null)
      .map((f) => [f.message, f.trigger]);
    expect(faults).toEqual([
      ['Error: 保存失败', { seq: 0, type: 'test/saveAsked' }],
      ['按钮处理出错', { seq: 1, type: 'lives/clockTicked', after: true }],
    ]);
  });
});

async function waitFor(done: () => boolean) {
  for (let i = 0; i < 100 && !done(); i += 1) await new Promise((resolve) => setTimeout(resolve, 0));
  if (!done()) throw new Error('condition never became true');
}
