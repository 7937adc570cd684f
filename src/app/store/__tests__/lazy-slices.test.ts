import { configureStore } from '@reduxjs/toolkit';

import { ACTION_LOG_FORMAT, ACTION_LOG_VERSION, STORE_STARTED } from '../../../api/contract/action-log-constants';
import { parseActionLog } from '../../../features/action-log/log-format';
import { replayLog } from '../../../features/action-log/replay';

import type { rootReducer as StaticRootReducerValue } from '@/store';

type StaticRootReducer = typeof StaticRootReducerValue;

const STATIC_SLICES = ['actionLog', 'app', 'lives', 'session', 'tracking'];

/** A fresh module registry per test: injection changes the shared rootReducer, as in the browser. */
const isolated = (run: () => Promise<void>) => jest.isolateModulesAsync(run);

const newStore = (rootReducer: StaticRootReducer) =>
  configureStore({ reducer: rootReducer, middleware: (d) => d({ serializableCheck: false, immutableCheck: false }) });

describe('lazy slices (combineSlices + inject)', () => {
  test('liveRoom: absent from the first-load store, selectable before injection, reduced after it', () =>
    isolated(async () => {
      await import('@/app/store/eager-slices'); // what the app injects before it builds its store
      const store = newStore((await import('@/store/root-reducer')).rootReducer);
      expect(Object.keys(store.getState()).sort()).toEqual(STATIC_SLICES);
      // Not injected: the store ignores the slice's events.
      store.dispatch({ type: 'liveRoom/liveScreenOpened', payload: { liveId: 7, screen: 'about' } });
      expect(store.getState()).not.toHaveProperty('liveRoom');

      const slice = await import('../../../features/lives/store/live-room-slice');
      const selectors = await import('../../../features/lives/store/room-selectors');
      // Injected by the import, but the store has not seen an action since: the key is still missing.
      expect(store.getState()).not.toHaveProperty('liveRoom');
      expect(selectors.selectLiveRoom(store.getState())).toEqual(slice.liveRoomSlice.getInitialState());
      expect(selectors.selectOpenedLive(store.getState())).toBeNull();
      expect(selectors.selectRelatedRows(store.getState())).toEqual([]);

      store.dispatch(slice.liveScreenOpened({ liveId: 7, screen: 'about' }));
      const room = store.getState().liveRoom;
      expect(room).toMatchObject({ screen: 'about', liveId: 7, detail: { status: 'loading' } });
      expect(selectors.selectLiveRoom(store.getState())).toBe(room);
    }));

  test('helpers: selectors answer the initial state before injection, the reducer runs after it', () =>
    isolated(async () => {
      await import('@/app/store/eager-slices'); // what the app injects before it builds its store
      const store = newStore((await import('@/store/root-reducer')).rootReducer);
      const slice = await import('../../../features/helpers/store/helpers-slice');
      const selectors = await import('../../../features/helpers/store/selectors');
      expect(store.getState()).not.toHaveProperty('helpers');
      expect(selectors.selectMiniScheme(store.getState())).toEqual({
        status: 'idle',
        openlink: null,
        error: null,
        invalid: null,
      });

      store.dispatch(slice.miniSchemeRequested({ path: 'pages/index/index' }));
      expect(selectors.selectMiniScheme(store.getState()).status).toBe('loading');
      expect(store.getState().helpers?.mini.status).toBe('loading');
    }));

  test('fullReducer holds every slice, lazy ones at their initial state', () =>
    isolated(async () => {
      const full = await import('../full-reducer');
      const room = await import('../../../features/lives/store/live-room-slice');
      const helpers = await import('../../../features/helpers/store/helpers-slice');
      const state = full.fullReducer(undefined, { type: '@@test/init' });
      expect(Object.keys(state).sort()).toEqual(
        [
          ...STATIC_SLICES,
          'backlog',
          'deskAccess',
          'helpers',
          'invitation',
          'knowledge',
          'liveRoom',
          'login',
          'marketing',
          'marketingDetails',
          'marketingPages',
          'materials',
          'mine',
          'productShare',
          'staff',
          'workbench',
        ].sort(),
      );
      expect(state.liveRoom).toEqual(room.liveRoomSlice.getInitialState());
      expect(state.helpers).toEqual(helpers.helpersSlice.getInitialState());
    }));

  test('a log from a browser that never injected a lazy slice replays with that slice at its initial state', () =>
    isolated(async () => {
      const full = await import('../full-reducer');
      const room = await import('../../../features/lives/store/live-room-slice');
      const { liveRoom: _room, helpers: _helpers, ...firstLoad } = full.fullReducer(undefined, { type: '@@test/init' });
      const entry = (seq: number, action: { type: string; payload?: unknown }) => ({ seq, t: seq, route: '/', action });
      const log = parseActionLog({
        format: ACTION_LOG_FORMAT,
        version: ACTION_LOG_VERSION,
        appVersion: 'test',
        environment: 'local',
        context: { userAgentClass: 'phone', fromApp: null },
        startState: firstLoad,
        // A reload: the new store's state, again without the lazy slices.
        entries: [
          entry(1, { type: 'app/featureSagaCrashed', payload: { feature: 'x', message: 'm', at: 1 } }),
          entry(2, { type: STORE_STARTED, payload: { state: firstLoad } }),
        ],
      });
      for (const to of [0, 1, 2]) {
        const { state } = replayLog(log, full.fullReducer, { to });
        expect([to, state.liveRoom]).toEqual([to, room.liveRoomSlice.getInitialState()]);
        expect(state).toHaveProperty('helpers.mini.status', 'idle');
      }
    }));
});
