import type { UnknownAction } from '@reduxjs/toolkit';

import { memoryStorage, quietServices } from './support';

import { STORE_STARTED } from '@/api/contract/action-log-constants';
import { createAppStore } from '@/app/store/configure-app-store';
import { createDeferredRecorder } from '@/features/action-log/deferred-recorder';
import { parseActionLog } from '@/features/action-log/log-format';
import { createRecorder, type LoadedRecorder, type LogStorage } from '@/features/action-log/recorder';
import { createRedactor } from '@/features/action-log/redact';
import { replayLog } from '@/features/action-log/replay';
import { homeListLoaded, homeListMoreRequested, homeListOpened } from '@/features/lives';
import { liveNow, upcomingOpen } from '@/features/lives/__tests__/fixtures';
import { rootReducer } from '@/store';

const services = quietServices;

/** A deferred recorder whose code "arrives" when the test says so; one clock and route for both halves. */
function setup(storage: LogStorage | null = null) {
  let clock = 1_760_000_000_000;
  let route = '/?uuid=u1';
  const now = () => (clock += 7);
  const getRoute = () => route;
  let arrive: () => void = () => undefined;
  let loads = 0;
  const recorder = createDeferredRecorder({
    getRoute,
    now,
    ignore: (type) => type.startsWith('actionLog/viewer'),
    load: () => {
      loads += 1;
      return new Promise<LoadedRecorder>((resolve) => {
        arrive = () =>
          resolve(
            createRecorder({
              reducer: rootReducer,
              getRoute,
              now,
              storage,
              schedule: () => undefined,
              salt: 's',
              redact: createRedactor,
              meta: { appVersion: '1.37.0', environment: 'local', context: { userAgentClass: 'node', fromApp: null } },
            }),
          );
      });
    },
  });
  const store = createAppStore({ services, runSagas: false, recorder: recorder.middleware });
  const arrived = async () => {
    const done = recorder.load();
    arrive();
    await done;
  };
  const tick = (ms: number) => (clock += ms);
  return { recorder, store, arrived, tick, goTo: (r: string) => (route = r), loads: () => loads };
}

/** The storage a last page load left: its recorder arrived after homeListOpened and stored the log. */
async function storedByLastPageLoad() {
  const storage = memoryStorage();
  const first = setup(storage);
  first.store.dispatch(homeListOpened({ uuid: 'u1', date: null }));
  await first.arrived();
  first.recorder.flush();
  return storage;
}

const types = (log: { entries: Array<{ action: UnknownAction }> }) => log.entries.map((e) => e.action.type);

describe('deferred recorder', () => {
  test('actions dispatched before the recorder arrives are in the log, in order, with their own route and time', async () => {
    const { recorder, store, arrived, tick, goTo } = setup();
    store.dispatch(homeListOpened({ uuid: 'u1', date: '2026-11-22' }));
    goTo('/LiveEnd/104');
    store.dispatch(homeListLoaded({ page: 1, pageSize: 2, total: 3, list: [liveNow, upcomingOpen] }));
    store.dispatch({ type: 'actionLog/viewerOpened' });
    expect(recorder.stats()).toEqual({ entries: 0, bytes: 0, dropped: 0, pending: 2 });
    tick(1000);
    await arrived();
    goTo('/about/101');
    store.dispatch(homeListMoreRequested());

    const log = parseActionLog(JSON.parse(JSON.stringify(recorder.exportLog())));
    expect(types(log)).toEqual(['lives/homeListOpened', 'lives/homeListLoaded', 'lives/homeListMoreRequested']);
    expect(log.entries.map((e) => e.seq)).toEqual([0, 1, 2]);
    expect(log.entries.map((e) => e.route)).toEqual(['/?uuid=u1', '/LiveEnd/104', '/about/101']);
    // Times are those of the dispatches, not of the recorder's arrival.
    expect(log.entries.map((e) => e.t - 1_760_000_000_000)).toEqual([14, 21, 1028]);
    // The start state is the store's state before its first action: the log replays to the screen.
    expect(replayLog(log, rootReducer).state).toEqual(recorder.redactValue(store.getState()));
  });

  test('asked for the log before it arrives: says it is loading and starts loading it', async () => {
    const { recorder, store, arrived, loads } = setup();
    store.dispatch(homeListOpened({ uuid: 'u1', date: null }));
    expect(() => recorder.exportLog()).toThrow('日志模块还在加载，请稍后再试');
    expect(loads()).toBe(1);
    await arrived();
    expect(types(recorder.exportLog())).toEqual(['lives/homeListOpened']);
    expect(loads()).toBe(1);
  });

  test('a stored log of the last page load continues: the store restart is marked before the buffered actions', async () => {
    const second = setup(await storedByLastPageLoad());
    second.store.dispatch(homeListMoreRequested());
    await second.arrived();
    const log = second.recorder.exportLog();
    expect(types(log)).toEqual(['lives/homeListOpened', STORE_STARTED, 'lives/homeListMoreRequested']);
    expect(log.entries.map((e) => e.seq)).toEqual([0, 1, 2]);
    expect(replayLog(log, rootReducer).state).toEqual(second.recorder.redactValue(second.store.getState()));
  });

  test('cleared before it arrives: the buffered actions and the stored log are gone, later ones are kept', async () => {
    const second = setup(await storedByLastPageLoad());
    second.store.dispatch(homeListOpened({ uuid: 'u2', date: null }));
    second.recorder.clear();
    second.store.dispatch(homeListMoreRequested());
    await second.arrived();
    const log = second.recorder.exportLog();
    expect(types(log)).toEqual(['lives/homeListMoreRequested']);
    expect(log.entries[0]?.seq).toBe(0);
    expect(replayLog(log, rootReducer).state).toEqual(second.recorder.redactValue(second.store.getState()));
  });
});
