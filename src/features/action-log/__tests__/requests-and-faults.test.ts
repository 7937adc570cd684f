import { quietServices } from './support';

import { createServiceClient } from '@/api/client';
import { entryHasError, faultOf, logHasError, requestOf } from '@/api/contract/action-log-entries';
import { recordedPath } from '@/api/request-record';
import { fakeTransport, testContext } from '@/api/testing/fake-transport';
import { createAppStore } from '@/app/store/configure-app-store';
import { fullReducer } from '@/app/store/full-reducer';
import { createFaultJournal, recordRequests } from '@/features/action-log/faults';
import { createRecorder } from '@/features/action-log/recorder';
import { createRedactor } from '@/features/action-log/redact';
import { replayLog } from '@/features/action-log/replay';
import { homeListOpened } from '@/features/lives';
import { rootReducer } from '@/store';

function setup() {
  let clock = 1_760_000_000_000;
  const recorder = createRecorder({
    reducer: rootReducer,
    getRoute: () => '/?uuid=u1',
    now: () => (clock += 5),
    schedule: () => undefined,
    salt: 's',
    redact: createRedactor,
    meta: { appVersion: '1.37.0', environment: 'local', context: { userAgentClass: 'node', fromApp: null } },
  });
  const store = createAppStore({ services: quietServices, runSagas: false, recorder: recorder.middleware });
  return { recorder, store, tick: (ms: number) => (clock += ms), now: () => clock };
}

describe('the path a request entry keeps', () => {
  it('drops the host and every query value but paging and kind selectors', () => {
    expect(
      recordedPath('https://x.example/api/lives/12/detail?token=abc&page=2', { phone: '13912345678', size: 20 }),
    ).toBe('/api/lives/12/detail?token=…&page=2&phone=…&size=20');
    expect(recordedPath('/api/ping')).toBe('/api/ping');
    expect(recordedPath(undefined)).toBe('/');
  });
});

describe('requests and faults beside the actions', () => {
  it('records method, path, status, duration, error code and the action that started each request', async () => {
    const { recorder, store, tick, now } = setup();
    const transport = fakeTransport((req) =>
      req.url.includes('fail')
        ? { status: 500, body: { error: { code: 100500, message: '服务器内部错误' }, data: null } }
        : req.url.includes('down')
          ? { network: true }
          : { status: 200, body: { error: { code: 0, message: '' }, data: { ok: 1 } } },
    );
    const client = createServiceClient({
      service: 'liveService',
      baseURL: 'http://local',
      timeoutMs: 1000,
      signature: 'none',
      secret: '',
      onNetworkError: 'reject',
      sendToken: true,
      reportFailures: true,
      context: {
        ...testContext({ credentials: { token: 'secret-token-9' } }),
        observeRequest: recordRequests(recorder, now),
      },
      adapter: (config) => {
        tick(120);
        return transport.adapter(config);
      },
    });
    store.dispatch(homeListOpened({ uuid: 'u1', date: '2026-11-22' }));
    await client.get('/lives/list', { params: { page: 1, keyword: '张伟' } });
    await expect(client.post('/lives/fail', { phone: '13912345678' })).rejects.toMatchObject({ kind: 'business' });
    await expect(client.get('/lives/down')).rejects.toMatchObject({ kind: 'network' });
    const log = recorder.exportLog();
    const requests = log.entries.map(requestOf).filter((r) => r !== null);
    expect(requests).toEqual([
      {
        service: 'liveService',
        method: 'GET',
        path: '/lives/list?page=1&keyword=…',
        status: 200,
        outcome: 'ok',
        code: null,
        durationMs: 120,
        // Asked for outside any saga: only the action dispatched before it is known, and said to be only that.
        trigger: { seq: 0, type: 'lives/homeListOpened', after: true },
      },
      expect.objectContaining({ method: 'POST', path: '/lives/fail', status: 500, outcome: 'business', code: 100500 }),
      expect.objectContaining({ method: 'GET', path: '/lives/down', status: null, outcome: 'network', code: null }),
    ]);
    // No body, no header, no token.
    expect(JSON.stringify(log)).not.toMatch(/13912345678|secret-token-9|user-token|张伟/);
    expect(log.entries.map(entryHasError)).toEqual([false, false, true, true]);
    expect(logHasError(log)).toBe(true);
    // Reducers ignore the entries: the replay ends in the recorded state.
    const replayed = replayLog(log, fullReducer).state;
    expect(replayed.lives).toEqual(store.getState().lives);
  });

  it('notes uncaught errors, rejections and console errors with their stacks, once each, with the report id', () => {
    const { recorder, store } = setup();
    store.dispatch(homeListOpened({ uuid: 'u1', date: '2026-11-22' }));
    const journal = createFaultJournal(recorder);
    const target = new EventTarget();
    const printed = jest.fn();
    const out = { error: printed };
    const stop = journal.watch(target as unknown as Window, out as unknown as Console);
    const thrown = new TypeError('list is undefined');
    target.dispatchEvent(Object.assign(new Event('error'), { error: thrown }));
    // The error service reports the same error: the entry gains its event id, no second entry.
    journal.fault('report', thrown, 'a1b2c3');
    target.dispatchEvent(Object.assign(new Event('unhandledrejection'), { reason: 'timeout' }));
    out.error('渲染失败', { status: 500 });
    expect(printed).toHaveBeenCalledWith('渲染失败', { status: 500 });
    stop();
    out.error('after stop');
    const faults = recorder
      .exportLog()
      .entries.map(faultOf)
      .filter((f) => f !== null);
    expect(faults.map((f) => [f.source, f.message, f.eventId, f.trigger?.type])).toEqual([
      ['uncaught', 'TypeError: list is undefined', 'a1b2c3', 'lives/homeListOpened'],
      ['rejection', 'timeout', null, 'lives/homeListOpened'],
      ['console', '渲染失败 {"status":500}', null, 'lives/homeListOpened'],
    ]);
    expect(faults[0]?.stack).toMatch(/TypeError: list is undefined\n\s+at /);
    // No saga was running: each names the last action as having come before, not as its cause.
    expect(faults.map((f) => f.trigger?.after)).toEqual([true, true, true]);
  });
});
