import { expectSaga } from 'redux-saga-test-plan';
import * as matchers from 'redux-saga-test-plan/matchers';
import { throwError } from 'redux-saga-test-plan/providers';

import { ApiError } from '../../../api/errors';
import { silentRunVirtually } from '../../../lib/testing/virtual-time';
import { livesSaga, loadHomePage } from '../store/lives-saga';
import {
  homeListLoaded,
  homeListLoadFailed,
  homeListMoreRequested,
  homeListOpened,
  homeListRefreshRequested,
} from '../store/lives-slice';
import { ended, fakeServices as fakeServicesWith, liveNow, upcomingOpen } from './fixtures';

import type { SagaServices } from '@/store';
import { rootReducer } from '@/store';

function fakeServices(fetch: SagaServices['api']['lives']['fetchLivesByCategory']): SagaServices {
  return fakeServicesWith({ fetchLivesByCategory: fetch });
}

const fetchMatcher = matchers.call.like({ fn: fakeServices(jest.fn()).api.lives.fetchLivesByCategory });

describe('home list saga', () => {
  it("loads page 1 for this device (not the link's uuid) and the date of the address, with category 32", async () => {
    localStorage.clear();
    const fetch = jest.fn().mockResolvedValue({ list: [liveNow, ended], total: 2, page: 1, page_size: 20 });
    const result = await silentRunVirtually(
      expectSaga(livesSaga)
        .withReducer(rootReducer)
        .provide({ getContext: () => fakeServices(fetch) })
        .dispatch(homeListOpened({ uuid: 'u1', date: '2026-11-22' }))
        .put(homeListLoaded({ page: 1, pageSize: 20, total: 2, list: [liveNow, ended] })),
      50,
    );
    expect(fetch).toHaveBeenCalledWith({
      category_id: 32,
      employee_id: expect.stringMatching(/^d-/),
      page: 1,
      page_size: 20,
      date: '2026-11-22',
    });
    expect(fetch.mock.calls[0][0].employee_id).toBe(localStorage.getItem('uuids'));
    expect(result.storeState.lives.homeList.status).toBe('succeeded');
    expect(result.storeState.lives.homeList.ids).toEqual([101, 104]);
  });

  it('leaves the date out when the address has none', async () => {
    const fetch = jest.fn().mockResolvedValue({ list: [], total: 0, page: 1, page_size: 20 });
    await silentRunVirtually(
      expectSaga(livesSaga)
        .withReducer(rootReducer)
        .provide({ getContext: () => fakeServices(fetch) })
        .dispatch(homeListOpened({ uuid: 'u1', date: null })),
      50,
    );
    expect(fetch.mock.calls[0][0]).not.toHaveProperty('date');
  });

  it('a network drop (empty value, docs/rules/errors.md#network-failures) becomes a failure the screen can retry', async () => {
    const fetch = jest.fn().mockResolvedValue(null);
    const { storeState } = await silentRunVirtually(
      expectSaga(livesSaga)
        .withReducer(rootReducer)
        .provide({ getContext: () => fakeServices(fetch) })
        .dispatch(homeListOpened({ uuid: 'u1', date: null })),
      50,
    );
    expect(storeState.lives.homeList.status).toBe('failed');
    expect(storeState.lives.homeList.error).toMatchObject({ kind: 'network' });
  });

  it('an API error is put as plain data with its user message', async () => {
    const services = fakeServices(jest.fn());
    const apiError = new ApiError({ kind: 'malformed', detail: 'data.list is not an array' });
    await expectSaga(loadHomePage)
      .withReducer(rootReducer, rootReducer(undefined, homeListOpened({ uuid: 'u1', date: null })))
      .provide([
        [matchers.getContext('services'), services],
        [fetchMatcher, throwError(apiError)],
      ])
      .put(homeListLoadFailed({ kind: 'malformed', code: null, httpStatus: null, message: apiError.message }))
      .run();
  });

  it('loads the next page on "more", and nothing when the list is complete', async () => {
    const fetch = jest
      .fn()
      .mockResolvedValueOnce({ list: [liveNow], total: 2, page: 1, page_size: 1 })
      .mockResolvedValueOnce({ list: [upcomingOpen], total: 2, page: 2, page_size: 1 });
    const { storeState } = await silentRunVirtually(
      expectSaga(livesSaga)
        .withReducer(rootReducer)
        .provide({ getContext: () => fakeServices(fetch) })
        .dispatch(homeListOpened({ uuid: 'u1', date: null }))
        .delay(10)
        .dispatch(homeListMoreRequested())
        .delay(10)
        .dispatch(homeListMoreRequested()),
      50,
    );
    expect(fetch).toHaveBeenCalledTimes(2);
    expect(fetch.mock.calls[1][0]).toMatchObject({ page: 2 });
    expect(storeState.lives.homeList.ids).toEqual([101, 103]);
  });

  it('a refresh overtaking an older load wins (takeLatest)', async () => {
    // Made when the saga asks (on the virtual clock), not before the run.
    const slowStale = () =>
      new Promise((r) => setTimeout(() => r({ list: [liveNow], total: 1, page: 1, page_size: 20 }), 20));
    const fetch = jest
      .fn()
      .mockImplementationOnce(slowStale)
      .mockResolvedValueOnce({ list: [ended], total: 1, page: 1, page_size: 20 });
    const { storeState } = await silentRunVirtually(
      expectSaga(livesSaga)
        .withReducer(
          rootReducer,
          rootReducer(
            rootReducer(undefined, homeListOpened({ uuid: 'u1', date: null })),
            homeListLoaded({ page: 1, pageSize: 20, total: 1, list: [liveNow] }),
          ),
        )
        .provide({ getContext: () => fakeServices(fetch) })
        .dispatch(homeListRefreshRequested())
        .dispatch(homeListRefreshRequested()),
      60,
    );
    expect(storeState.lives.homeList.ids).toEqual([104]);
  });
});
