import { combineReducers, configureStore } from '@reduxjs/toolkit';
import createSagaMiddleware from 'redux-saga';

import { advanceUntil, useVirtualClock } from '../../../lib/testing/virtual-time';
import { createErrorReporter } from '../errors/reporter';
import { adviserWorkStep, type PendingWork } from '../own/adviser-work';
import { AdviserWorkType as T } from '../own/adviser-work-types';
import type { TrackingServices } from '../services';
import { trackingSaga } from '../store/tracking-saga';
import { trackingReducer } from '../store/tracking-slice';

import { AdviserWorkEvent as E } from '@/api/contract/adviser-work-constants';
import type { SagaServices } from '@/store';

const NOW = 1_763_800_000_000;
const adviser = JSON.stringify({ employee_id: 'E0001', employee: { is_financial_advisor: 1 } });
const plainEmployee = JSON.stringify({ employee_id: 'E0003', employee: { is_financial_advisor: 0 } });

function setup(userinfos: string | null, search = '') {
  const own = { sendEvent: jest.fn().mockResolvedValue({ id: 1 }), sendFast: jest.fn() };
  let release!: () => void;
  const painted = new Promise<void>((r) => (release = r));
  const tracking = {
    own,
    identitySources: () => ({ userinfos, uuids: null, search, cookie: '' }),
    afterFirstPaint: () => painted,
    analytics: { load: () => Promise.reject(new Error('no SDK in this test')) },
    errors: { reporter: createErrorReporter(), load: null },
    deeplink: {},
    log: jest.fn(),
  } as unknown as TrackingServices;
  const services = {
    api: {} as SagaServices['api'],
    navigate: jest.fn(),
    currentPath: () => '/',
    now: () => NOW,
    tracking,
  } as SagaServices;
  const middleware = createSagaMiddleware({ context: { services } });
  const store = configureStore({
    reducer: combineReducers({ tracking: trackingReducer }),
    middleware: (d) => d({ thunk: false }).concat(middleware),
  });
  const task = middleware.run(trackingSaga);
  return { store, task, own, release };
}
const until = (check: () => boolean) => advanceUntil(check, 10, 1500);

/** Every gesture of a working session, as the marketing slices dispatch them. */
const session = [
  { type: T.cardListLoaded, payload: { key: 'k', page: { list: [{ card_id: 7 }, { card_id: 9 }] }, replace: true } },
  { type: T.pageViewed, payload: { url: 'http://h/oppDetail?card_id=7', path: '/oppDetail', title: '', referrer: '' } },
  {
    type: T.handleSubmitted,
    payload: {
      draft: { target: { card_id: 7 }, outcome: 'interested', note: '想了解债基', nextFollowUp: null },
      customerName: '张*明',
    },
  },
  { type: T.cardSnoozeRequested, payload: { cardId: 9, until: '2026-12-01' } },
  { type: T.cardStateChanged, payload: { cardId: 9, state: 'snoozed', snoozeUntil: '2026-12-01', notice: '', at: 1 } },
  { type: T.cardIgnoreRequested, payload: { cardId: 7, reason: 'other', ignoreText: '客户电话 13800001234' } },
  { type: T.cardStateChanged, payload: { cardId: 7, state: 'ignored', notice: '', at: 2 } },
  { type: T.cardRestored, payload: { cardId: 7 } },
  {
    type: T.forwardDecided,
    payload: { result: { sent: [{ forward_id: 31, customer_id: 20 }], refused: [{}], left_out: {} }, share: true },
  },
  { type: T.productShareSent, payload: { key: 'rate:12', via: 'wecom' } },
  { type: T.customerMessageStarted, payload: { cardId: 7, customerId: 20 } },
  { type: T.customerCallStarted, payload: { clueId: 4 } },
  {
    type: T.pageViewed,
    payload: { url: 'http://h/personDetail?customer_id=20', path: '/personDetail', title: '', referrer: '' },
  },
  { type: T.searchLoaded, payload: { keyword: '胡*秀', result: { customers: [{}], products: [], cards: [{}, {}] } } },
];

describe('own tracking of the adviser work', () => {
  // The store's sagas run on the virtual clock: each step lets their promises settle, whatever the machine's load.
  useVirtualClock();
  test('each gesture leaves once on the advisor variant with the spec fields (utype 4, channel 43, analyst flag, 1.0.0)', async () => {
    const s = setup(adviser);
    for (const a of session) s.store.dispatch(a);
    s.release();
    await until(() => s.own.sendEvent.mock.calls.length >= 12);
    // A while longer: nothing more leaves.
    await jest.advanceTimersByTimeAsync(50);
    const calls = s.own.sendEvent.mock.calls as Array<[string, Record<string, unknown>]>;
    expect(calls.map(([, body]) => body.event_name)).toEqual([
      E.cardShown,
      E.cardOpened,
      E.cardHandled,
      E.cardSnoozed,
      E.cardIgnored,
      E.cardRestored,
      E.materialSent,
      E.productSent,
      E.messageStarted,
      E.callStarted,
      E.customerOpened,
      E.searched,
    ]);
    for (const [variant, body] of calls) {
      expect(variant).toBe('advisor');
      expect(body).toMatchObject({
        project_utype: 4,
        channel_source: 43,
        is_analyst: 1,
        version: '1.0.0',
        userid: 'E0001',
      });
    }
    const data = (name: string) => calls.find(([, b]) => b.event_name === name)![1].event_data;
    expect(data(E.cardHandled)).toEqual({ card_id: 7, outcome: 'interested', follow_up: null });
    expect(data(E.cardIgnored)).toEqual({ card_id: 7, reason: 'other', with_text: true });
    expect(data(E.cardSnoozed)).toEqual({ card_id: 9, until: '2026-12-01' });
    expect(data(E.cardOpened)).toEqual({ card_id: 7, page: 'oppDetail' });
    expect(data(E.searched)).toEqual({ keyword_length: 3, customers: 1, products: 0, cards: 2 });
    // What the adviser typed (a note, a free-text reason, a search) never leaves for tracking.
    expect(JSON.stringify(calls)).not.toMatch(/13800001234|想了解|胡/);
    s.task.cancel();
  });

  test('the analyst flag follows the financial-adviser flag', async () => {
    const s = setup(plainEmployee);
    s.store.dispatch(session[0]!);
    s.release();
    await until(() => s.own.sendEvent.mock.calls.length >= 1);
    expect(s.own.sendEvent.mock.calls[0]).toEqual([
      'advisor',
      expect.objectContaining({ is_analyst: 0, channel_source: 43, project_utype: 4 }),
    ]);
    s.task.cancel();
  });

  test("a customer's or a guest's pages send no adviser work", async () => {
    const s = setup(null, '?uuid=u4');
    for (const a of session) s.store.dispatch(a);
    s.release();
    await jest.advanceTimersByTimeAsync(100);
    expect(s.own.sendEvent).not.toHaveBeenCalled();
    s.task.cancel();
  });
});

describe('the mapping', () => {
  const step = (pending: PendingWork, type: string, payload: unknown) => adviserWorkStep(pending, { type, payload });
  test('a snooze or ignore the server refused is not counted, and forgets what was asked', () => {
    const asked = step({}, T.cardSnoozeRequested, { cardId: 3, until: '2026-12-01' });
    expect(asked.event).toBeNull();
    const failed = step(asked.pending, T.cardActionFailed, { cardId: 3, error: {}, at: 1 });
    expect(failed).toEqual({ pending: {}, event: null });
    // A later state change of that card (a handling) is not taken for the snooze.
    expect(step(failed.pending, T.cardStateChanged, { cardId: 3, state: 'snoozed' }).event).toBeNull();
    const other = step(asked.pending, T.cardStateChanged, { cardId: 4, state: 'snoozed' });
    expect([other.event, Object.keys(other.pending)]).toEqual([null, ['3']]);
  });

  test('empty pages, sends with no recipient and pages that are not cards send nothing', () => {
    expect(step({}, T.cardListLoaded, { page: { list: [] } }).event).toBeNull();
    expect(step({}, T.forwardDecided, { result: { sent: [], refused: [{}] } }).event).toBeNull();
    expect(step({}, T.pageViewed, { path: '/materials', url: 'http://h/materials' }).event).toBeNull();
    expect(step({}, T.pageViewed, { path: '/oppDetail', url: 'http://h/oppDetail?card_id=x' }).event).toBeNull();
    expect(step({}, 'workbench/somethingElse', {}).event).toBeNull();
  });
});
