import { expectSaga } from 'redux-saga-test-plan';

import { silentRunVirtually } from '../../../../lib/testing/virtual-time';
import { fakeServices } from '../../shared/__tests__/fixtures';
import { detailsWatchers } from '../store/details-saga';
import { detailKey, detailListRequested, detailRequested } from '../store/details-slice';

import { ApiError } from '@/api';
import { rootReducer, type RootState } from '@/store';

const providers = { getContext: () => fakeServices() };
/** The details saga with these fetchers from `state` (the store's first state when none is given), `actions` dispatched. */
const runFrom = (
  state: RootState | undefined,
  fetchers: Record<string, jest.Mock>,
  lists: Record<string, jest.Mock>,
  ...actions: unknown[]
) => {
  let saga = expectSaga(detailsWatchers, fetchers, lists).withReducer(rootReducer, state).provide(providers);
  for (const a of actions) saga = saga.dispatch(a as never);
  return silentRunVirtually(saga, 50);
};
const run = (fetchers: Record<string, jest.Mock>, lists: Record<string, jest.Mock>, ...actions: unknown[]) =>
  runFrom(undefined, fetchers, lists, ...actions);

describe('keyed details', () => {
  it('keys by kind and parameters whatever their order', () => {
    expect(detailKey('aum', { b: 1, a: 'x' })).toBe(detailKey('aum', { a: 'x', b: 1 }));
    expect(detailKey('aum', { a: 1 })).not.toBe(detailKey('aum', { a: 2 }));
    expect(detailKey('aum', { a: 1, b: undefined })).toBe(detailKey('aum', { a: 1 }));
  });

  it('loads once for two screens asking for one thing, and a refresh loads again', async () => {
    const aum = jest.fn().mockResolvedValue({ aum: 5 });
    const key = detailKey('aum', { customer_id: 3 });
    const first = detailRequested({ key, kind: 'aum', params: { customer_id: 3 }, mode: 'first' });
    const { storeState } = await run({ aum }, {}, first, first);
    expect(aum).toHaveBeenCalledTimes(1);
    expect(aum).toHaveBeenCalledWith(expect.anything(), { customer_id: 3 });
    expect(storeState.marketingDetails!.entries[key]).toMatchObject({
      status: 'loaded',
      data: { aum: 5 },
      error: null,
    });

    const again = await runFrom(
      storeState,
      { aum },
      {},
      detailRequested({ key, kind: 'aum', params: { customer_id: 3 }, mode: 'refresh' }),
    );
    expect(aum).toHaveBeenCalledTimes(2);
    expect(again.storeState.marketingDetails!.entries[key].status).toBe('loaded');
  });

  it('drops an older answer when a newer request for the key is out', async () => {
    let resolveOld: (v: unknown) => void = () => {};
    const fetch = jest
      .fn()
      .mockReturnValueOnce(new Promise((r) => (resolveOld = r)))
      .mockResolvedValueOnce({ v: 'new' });
    const key = detailKey('x', {});
    const running = run(
      { x: fetch },
      {},
      detailRequested({ key, kind: 'x', params: {}, mode: 'first' }),
      detailRequested({ key, kind: 'x', params: {}, mode: 'refresh' }),
    );
    await new Promise((r) => setTimeout(r, 10));
    resolveOld({ v: 'old' });
    const { storeState } = await running;
    expect(storeState.marketingDetails!.entries[key]).toMatchObject({ status: 'loaded', data: { v: 'new' } });
  });

  it('shows a failure as data the screen can act on: network, malformed, unknown kind', async () => {
    const k1 = detailKey('net', {});
    const k2 = detailKey('empty', {});
    const k3 = detailKey('nope', {});
    const { storeState } = await run(
      { net: jest.fn().mockRejectedValue(new ApiError({ kind: 'network' })), empty: jest.fn().mockResolvedValue(null) },
      {},
      detailRequested({ key: k1, kind: 'net', params: {}, mode: 'first' }),
      detailRequested({ key: k2, kind: 'empty', params: {}, mode: 'first' }),
      detailRequested({ key: k3, kind: 'nope', params: {}, mode: 'first' }),
    );
    const e = storeState.marketingDetails!.entries;
    expect(e[k1]).toMatchObject({ status: 'failed', error: { kind: 'network' } });
    expect(e[k2]).toMatchObject({ status: 'failed', error: { kind: 'malformed' } });
    expect(e[k3]).toMatchObject({ status: 'failed', error: { kind: 'malformed' } });
  });

  it('pages a list with the cursor; a failed next page keeps the pages and is the one retried', async () => {
    const tx = jest
      .fn()
      .mockResolvedValueOnce({ list: [1, 2], next_cursor: 'c2', total: 3 })
      .mockRejectedValueOnce(new ApiError({ kind: 'timeout' }))
      .mockResolvedValueOnce({ list: [3], next_cursor: null });
    const key = detailKey('tx', { customer_id: 1 });
    const req = (mode: 'first' | 'more') => detailListRequested({ key, kind: 'tx', params: { customer_id: 1 }, mode });
    let state = (await run({}, { tx }, req('first'))).storeState;
    expect(state.marketingDetails!.lists[key]).toMatchObject({ status: 'loaded', items: [1, 2], next: 'c2', total: 3 });
    state = (await runFrom(state, {}, { tx }, req('more'))).storeState;
    expect(state.marketingDetails!.lists[key]).toMatchObject({
      status: 'failed',
      items: [1, 2],
      next: 'c2',
      error: { kind: 'timeout' },
    });
    // The screen coming back (its first-use request) keeps the pages it shows rather than starting over.
    state = (await runFrom(state, {}, { tx }, req('first'))).storeState;
    expect(tx).toHaveBeenCalledTimes(2);
    expect(state.marketingDetails!.lists[key]).toMatchObject({ status: 'failed', items: [1, 2] });
    state = (await runFrom(state, {}, { tx }, req('more'))).storeState;
    expect(tx).toHaveBeenLastCalledWith(expect.anything(), { customer_id: 1, cursor: 'c2' });
    expect(state.marketingDetails!.lists[key]).toMatchObject({
      status: 'loaded',
      items: [1, 2, 3],
      next: null,
      error: null,
    });
  });

  it('a failed pull over pages leaves them loaded with the error, and paging goes on from where it was', async () => {
    const tx = jest
      .fn()
      .mockResolvedValueOnce({ list: [1, 2], next_cursor: 'c2' })
      .mockRejectedValueOnce(new ApiError({ kind: 'network' }))
      .mockResolvedValueOnce({ list: [3], next_cursor: null });
    const key = detailKey('tx', { customer_id: 1 });
    const req = (mode: 'first' | 'refresh' | 'more') =>
      detailListRequested({ key, kind: 'tx', params: { customer_id: 1 }, mode });
    let state = (await run({}, { tx }, req('first'))).storeState;
    state = (await runFrom(state, {}, { tx }, req('refresh'))).storeState;
    expect(tx).toHaveBeenLastCalledWith(expect.anything(), { customer_id: 1 });
    expect(state.marketingDetails!.lists[key]).toMatchObject({
      status: 'loaded',
      items: [1, 2],
      next: 'c2',
      error: { kind: 'network' },
    });
    state = (await runFrom(state, {}, { tx }, req('more'))).storeState;
    expect(tx).toHaveBeenLastCalledWith(expect.anything(), { customer_id: 1, cursor: 'c2' });
    expect(state.marketingDetails!.lists[key]).toMatchObject({ status: 'loaded', items: [1, 2, 3], error: null });
  });

  it('a failed first page is failed with nothing shown, and the screen coming back asks for it again', async () => {
    const tx = jest
      .fn()
      .mockRejectedValueOnce(new ApiError({ kind: 'network' }))
      .mockResolvedValueOnce({ list: [1], next_cursor: null });
    const key = detailKey('tx', { customer_id: 1 });
    const req = (mode: 'first' | 'more') => detailListRequested({ key, kind: 'tx', params: { customer_id: 1 }, mode });
    let state = (await run({}, { tx }, req('first'))).storeState;
    expect(state.marketingDetails!.lists[key]).toMatchObject({
      status: 'failed',
      items: [],
      error: { kind: 'network' },
    });
    // Nothing to page from: a next page is not asked.
    state = (await runFrom(state, {}, { tx }, req('more'))).storeState;
    expect(tx).toHaveBeenCalledTimes(1);
    state = (await runFrom(state, {}, { tx }, req('first'))).storeState;
    expect(state.marketingDetails!.lists[key]).toMatchObject({ status: 'loaded', items: [1], error: null });
  });
});
