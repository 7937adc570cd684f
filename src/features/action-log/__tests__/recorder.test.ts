import type { UnknownAction } from '@reduxjs/toolkit';

import { memoryStorage, quietServices } from './support';

import { STORE_STARTED } from '@/api/contract/action-log-constants';
import { createAppStore } from '@/app/store/configure-app-store';
import { ActionLogFormatError, parseActionLog } from '@/features/action-log/log-format';
import { createRecorder, type LogStorage, type RecorderOptions } from '@/features/action-log/recorder';
import { createRedactor } from '@/features/action-log/redact';
import { replayLog } from '@/features/action-log/replay';
import { homeListLoaded, homeListMoreRequested, homeListOpened } from '@/features/lives';
import { ended, liveNow, makeLive, upcomingOpen } from '@/features/lives/__tests__/fixtures';
import { rootReducer } from '@/store';

const services = quietServices;

function setup(extra: Partial<RecorderOptions> = {}) {
  let clock = 1_760_000_000_000;
  let route = '/?uuid=u1&from=weapp';
  const recorder = createRecorder({
    reducer: rootReducer,
    getRoute: () => route,
    now: () => (clock += 7),
    schedule: () => undefined,
    salt: 's',
    redact: createRedactor,
    meta: { appVersion: '1.37.0', environment: 'local', context: { userAgentClass: 'node', fromApp: 'weapp' } },
    ...extra,
  });
  const store = createAppStore({ services, runSagas: false, recorder: recorder.middleware });
  return { recorder, store, goTo: (r: string) => (route = r) };
}

const session = (dispatch: (a: UnknownAction) => unknown) => {
  dispatch(homeListOpened({ uuid: 'u1', date: '2026-11-22' }));
  dispatch(homeListLoaded({ page: 1, pageSize: 2, total: 3, list: [liveNow, upcomingOpen] }));
  dispatch(homeListMoreRequested());
  dispatch(homeListLoaded({ page: 2, pageSize: 2, total: 3, list: [ended] }));
};

describe('recorder', () => {
  test('every action with sequence, time and route; the export replays to the store state', () => {
    const { recorder, store, goTo } = setup();
    session(store.dispatch);
    goTo('/LiveEnd/104');
    store.dispatch({ type: 'app/unknownEvent' });
    const log = parseActionLog(JSON.parse(JSON.stringify(recorder.exportLog())));
    expect(log.entries.map((e) => [e.seq, e.action.type])).toEqual([
      [0, 'lives/homeListOpened'],
      [1, 'lives/homeListLoaded'],
      [2, 'lives/homeListMoreRequested'],
      [3, 'lives/homeListLoaded'],
      [4, 'app/unknownEvent'],
    ]);
    expect(log.entries[4]?.route).toBe('/LiveEnd/104');
    expect(log.entries[1]!.t).toBeGreaterThan(log.entries[0]!.t);
    // Presenter names are redacted in the log, so compare with the redacted store state.
    expect(replayLog(log, rootReducer).state).toEqual(recorder.redactValue(store.getState()));
  });

  test('a bounded ring buffer by count: old entries go, the start state moves with them', () => {
    const { recorder, store } = setup({ maxEntries: 3 });
    session(store.dispatch);
    store.dispatch({ type: 'app/unknownEvent' });
    const log = recorder.exportLog();
    expect(log.entries.map((e) => e.seq)).toEqual([2, 3, 4]);
    expect(log.dropped).toBe(2);
    expect(replayLog(log, rootReducer).state).toEqual(recorder.redactValue(store.getState()));
  });

  test('a bounded ring buffer by bytes', () => {
    const { recorder, store } = setup({ maxBytes: 2000 });
    const big = Array.from({ length: 30 }, (_, i) => makeLive({ num_index: 500 + i, status: 3 }));
    store.dispatch(homeListOpened({ uuid: 'u1', date: null }));
    for (let i = 0; i < 10; i += 1) store.dispatch(homeListLoaded({ page: 1, pageSize: 30, total: 30, list: big }));
    recorder.flush();
    expect(recorder.stats().bytes).toBeLessThanOrEqual(2000 + 8000);
    expect(recorder.stats().entries).toBe(1);
    expect(replayLog(recorder.exportLog(), rootReducer).state).toEqual(recorder.redactValue(store.getState()));
  });

  test('kept in storage: a reload restores the log and marks where the store restarted', () => {
    const storage = memoryStorage();
    const first = setup({ storage, salt: undefined });
    session(first.store.dispatch);
    first.recorder.flush();
    expect(storage.data.get('wealth-live:action-log:c:0')).toContain('homeListLoaded');

    const second = setup({ storage, salt: undefined });
    second.store.dispatch(homeListOpened({ uuid: 'u2', date: null }));
    const log = second.recorder.exportLog();
    expect(log.entries.map((e) => e.action.type)).toEqual([
      'lives/homeListOpened',
      'lives/homeListLoaded',
      'lives/homeListMoreRequested',
      'lives/homeListLoaded',
      STORE_STARTED,
      'lives/homeListOpened',
    ]);
    expect(log.entries.map((e) => e.seq)).toEqual([0, 1, 2, 3, 4, 5]);
    expect(replayLog(log, rootReducer).state).toEqual(second.recorder.redactValue(second.store.getState()));
    // The salt stays in storage (same placeholders after reload) and never in the export.
    expect(JSON.stringify(log)).not.toContain('"salt"');
  });

  test('nothing is redacted, serialised or stored inside dispatch: one job a second does it all', () => {
    const runs: Array<{ run: () => void; ms: number }> = [];
    const storage = memoryStorage();
    const { recorder, store } = setup({ storage, schedule: (run, ms) => void runs.push({ run, ms }) });
    store.dispatch(homeListOpened({ uuid: 'u1', date: null }));
    store.dispatch(homeListMoreRequested());
    expect(recorder.stats()).toMatchObject({ entries: 0, pending: 2 });
    expect(storage.data.size).toBe(0);
    expect(runs.map((r) => r.ms)).toEqual([1000]);
    runs[0]!.run();
    expect(recorder.stats()).toMatchObject({ entries: 2, pending: 0 });
    // Entries are stored as JSON objects, not as strings escaped a second time.
    expect(JSON.parse(storage.data.get('wealth-live:action-log:c:0')!)).toEqual([
      expect.objectContaining({ seq: 0 }),
      expect.objectContaining({ seq: 1 }),
    ]);

    // The next action schedules the next job; a job with nothing new leaves storage alone.
    store.dispatch(homeListMoreRequested());
    expect(runs).toHaveLength(2);
    recorder.flush();
    expect(JSON.parse(storage.data.get('wealth-live:action-log:c:0')!)).toHaveLength(3);
    storage.data.set('wealth-live:action-log:meta', 'sentinel');
    runs[1]!.run();
    expect(storage.data.get('wealth-live:action-log:meta')).toBe('sentinel');
  });

  test('a write touches only what changed: the open chunk and the meta record', () => {
    const storage = memoryStorage();
    const { recorder, store } = setup({ storage });
    for (let i = 0; i < 250; i += 1) store.dispatch({ type: 'app/unknownEvent', payload: { i } });
    recorder.flush();
    expect([...storage.data.keys()].sort()).toEqual(
      [':c:0', ':c:1', ':c:2', ':meta', ':start'].map((k) => `wealth-live:action-log${k}`),
    );
    const writes: string[] = [];
    const setItem = storage.setItem;
    storage.setItem = (k, v) => (writes.push(k), setItem(k, v));
    store.dispatch({ type: 'app/unknownEvent', payload: { i: 250 } });
    recorder.flush();
    expect(writes).toEqual(['wealth-live:action-log:c:2', 'wealth-live:action-log:meta']);
  });

  test('eviction rewrites the start state and the first chunk, and removes chunks that emptied', () => {
    const storage = memoryStorage();
    const { recorder, store } = setup({ storage, maxEntries: 150 });
    for (let i = 0; i < 140; i += 1) store.dispatch({ type: 'app/unknownEvent', payload: { i } });
    recorder.flush();
    for (let i = 140; i < 260; i += 1) store.dispatch({ type: 'app/unknownEvent', payload: { i } });
    recorder.flush();
    expect(storage.data.has('wealth-live:action-log:c:0')).toBe(false);
    const reloaded = setup({ storage, maxEntries: 150 });
    const log = reloaded.recorder.exportLog();
    expect(log.entries.map((e) => e.seq)).toEqual(
      recorder
        .exportLog()
        .entries.map((e) => e.seq)
        .concat(260),
    );
    expect(log.startState).toEqual(recorder.exportLog().startState);
  });

  test('a page load reads only the small meta record; the stored log is parsed by the first background job', () => {
    const storage = memoryStorage();
    const first = setup({ storage, salt: undefined });
    session(first.store.dispatch);
    first.recorder.flush();
    const reads: string[] = [];
    const spied: LogStorage = { ...storage, getItem: (k) => (reads.push(k), storage.getItem(k)) };
    const runs: Array<() => void> = [];
    const second = setup({ storage: spied, salt: undefined, schedule: (run) => void runs.push(run) });
    second.store.dispatch(homeListOpened({ uuid: 'u2', date: null }));
    expect(reads).toEqual(['wealth-live:action-log:meta']);
    runs[0]!();
    expect(reads).toEqual([
      'wealth-live:action-log:meta',
      'wealth-live:action-log:meta',
      'wealth-live:action-log:c:0',
      'wealth-live:action-log:start',
    ]);
    // The sequence continued from the meta record before the log was even read.
    expect(second.recorder.exportLog().entries.map((e) => e.seq)).toEqual([0, 1, 2, 3, 4, 5]);
  });

  test('clearing before the stored log was read: it does not come back', () => {
    const storage = memoryStorage();
    const first = setup({ storage, salt: undefined });
    session(first.store.dispatch);
    first.recorder.flush();
    const second = setup({ storage, salt: undefined });
    second.recorder.clear();
    second.store.dispatch(homeListOpened({ uuid: 'u2', date: null }));
    expect(second.recorder.exportLog().entries.map((e) => e.action.type)).toEqual(['lives/homeListOpened']);
    expect(storage.data.has('wealth-live:action-log:meta')).toBe(false);
  });

  test.each(['objects', 'strings'])(
    'a log in the single record of earlier builds (entries as %s) is restored',
    (form) => {
      const storage = memoryStorage();
      const first = setup({ storage, salt: undefined });
      session(first.store.dispatch);
      const exported = first.recorder.exportLog();
      const entries = exported.entries.map((e) => (form === 'strings' ? JSON.stringify(e) : e));
      storage.data.clear();
      storage.data.set(
        'wealth-live:action-log',
        JSON.stringify({ salt: 'old', seq: 4, dropped: 0, startState: exported.startState, entries }),
      );
      const second = setup({ storage, salt: undefined });
      const log = second.recorder.exportLog();
      expect(log.entries.map((e) => e.seq)).toEqual([0, 1, 2, 3, 4]);
      expect(log.entries[4]!.action.type).toBe(STORE_STARTED);
      // Written back in the new layout; the old record goes.
      second.recorder.flush();
      expect(storage.data.has('wealth-live:action-log')).toBe(false);
      expect(JSON.parse(storage.data.get('wealth-live:action-log:c:0')!)).toHaveLength(5);
    },
  );
});

describe('log format', () => {
  const { recorder } = setup();
  const good = recorder.exportLog();
  test('older and newer versions are refused with a clear message', () => {
    expect(() => parseActionLog({ ...good, version: 0 })).toThrow(
      new ActionLogFormatError('操作日志版本 0 过旧：当前只支持版本 1，请用记录它的应用版本（1.37.0）回放'),
    );
    expect(() => parseActionLog({ ...good, version: 2 })).toThrow(/比本工具新/);
    expect(() => parseActionLog('{not json')).toThrow(/不是合法的 JSON/);
    expect(() => parseActionLog({ foo: 1 })).toThrow(/不是操作日志文件/);
    expect(() => parseActionLog({ ...good, entries: [{ seq: 0 }] })).toThrow(/第 0 条记录格式不对/);
  });
});
