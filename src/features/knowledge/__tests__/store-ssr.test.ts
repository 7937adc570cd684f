import { expectSaga } from 'redux-saga-test-plan';
import * as matchers from 'redux-saga-test-plan/matchers';

import * as api from '../api';
import { resourceRequested, selectKnowledge } from '../store/knowledge-slice';
import { loadResource } from '../store/knowledge-workers';
import { selectResource } from '../store/selectors';

import type { StoreIndex, StoreQaDetail } from '@/api/contract/store';
import { rootReducer, type SsrData, ssrDataHydrated } from '@/store';

/** A server-rendered store page is the loaded resource its screen reads: opening it fetches nothing for a visitor. */
const index: StoreIndex = { top: [], experts: [], news: [], products: [], questions: [] };
const qa = {
  question: { id: 7, content: '定投多久合适？', state: 'answered' },
  mine: false,
  answers: [],
  follow_ups: [],
} as unknown as StoreQaDetail;
const hydrated = (data: SsrData['data']) =>
  rootReducer(rootReducer(undefined, { type: '@@INIT' }), ssrDataHydrated({ route: 'shopIndex', url: '/', data }));

beforeEach(() => localStorage.clear());

test('the one hydration action puts the store home and a question in the resources the screens read, loaded', () => {
  const s = hydrated({ store: { index } });
  expect(selectResource(s, 'index')).toEqual({
    status: 'loaded',
    data: index,
    error: null,
    requestId: 0,
    fromServer: true,
  });
  const q = hydrated({ store: { qa: { id: 7, detail: qa } } });
  expect(selectResource(q, 'qa:7')).toMatchObject({ status: 'loaded', data: qa, fromServer: true });
  // Another page's data leaves the store alone.
  expect(selectKnowledge(hydrated({})).resources).toEqual({});
});

test('opening the screen over the server’s data keeps it as it is; a pull to refresh reloads it', () => {
  const s = hydrated({ store: { index } });
  const opened = rootReducer(s, resourceRequested({ key: 'index', kind: 'index' }));
  expect(selectResource(opened, 'index')).toEqual(selectResource(s, 'index'));
  const reloaded = rootReducer(opened, resourceRequested({ key: 'index', kind: 'index', mode: 'reload' }));
  expect(selectResource(reloaded, 'index')).toEqual({ status: 'loading', data: index, error: null, requestId: 1 });
  // Once reloaded, a later open loads again as any screen does.
  const again = rootReducer(reloaded, resourceRequested({ key: 'index', kind: 'index' }));
  expect(selectResource(again, 'index').requestId).toBe(2);
});

test('a visitor’s open over the server’s data sends no request', async () => {
  const s = hydrated({ store: { index } });
  const open = resourceRequested({ key: 'index', kind: 'index' });
  const run = await expectSaga(loadResource, open)
    .withReducer(rootReducer, rootReducer(s, open))
    .provide([[matchers.getContext('services'), { api: { clients: {} } }]])
    .not.call.fn(api.fetchStoreIndex)
    .not.put.actionType(resourceRequested.type)
    .run();
  expect(selectResource(run.storeState, 'index').fromServer).toBe(true);
});

test('a signed-in reader’s open asks for a reload, so their own likes replace the public ones', async () => {
  localStorage.setItem('token', 'signed-in');
  const s = hydrated({ store: { qa: { id: 7, detail: qa } } });
  const open = resourceRequested({ key: 'qa:7', kind: 'qa', id: 7 });
  await expectSaga(loadResource, open)
    .withReducer(rootReducer, rootReducer(s, open))
    .provide([[matchers.getContext('services'), { api: { clients: {} } }]])
    .put(resourceRequested({ key: 'qa:7', kind: 'qa', id: 7, mode: 'reload' }))
    .not.call.fn(api.fetchQaDetail)
    .run();
});
