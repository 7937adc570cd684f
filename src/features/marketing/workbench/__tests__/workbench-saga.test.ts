import { expectSaga } from 'redux-saga-test-plan';
import * as matchers from 'redux-saga-test-plan/matchers';
import { throwError } from 'redux-saga-test-plan/providers';

import { silentRunVirtually } from '../../../../lib/testing/virtual-time';
import { card, fakeServices, page } from '../../shared/__tests__/fixtures';
import * as api from '../api';
import { workbenchWatchers } from '../store/workbench-saga';
import { WORKBENCH_POLL_MS } from '../store/workbench-saga';
import { selectVisibleCardIds } from '../store/workbench-selectors';
import { cardListRequested, workbenchFilterChanged, workbenchOpened } from '../store/workbench-slice';

import { ApiError } from '@/api';
import { rootReducer } from '@/store';

const types = { list: [], total: 3, waiting: 0, open_clues: 0 };

/** Services from the context, the list request answered by `fetch`, counts by `types`, tags by `tags` if given. */
const providers = (fetch: jest.Mock, tags?: jest.Mock) => ({
  getContext: () => fakeServices(),
  call(effect: { fn: unknown; args: unknown[] }, next: () => unknown) {
    if (effect.fn === api.fetchCardList) return fetch(...effect.args);
    if (effect.fn === api.fetchChanceTypes) return types;
    if (tags && effect.fn === api.fetchTagList) return tags();
    if (tags && effect.fn === api.fetchHandleOptions) return { list: [] };
    return next();
  },
});

describe('workbench card list paging', () => {
  it('loads the first page, appends the next with its cursor, and stops at the last', async () => {
    const fetch = jest
      .fn()
      .mockResolvedValueOnce(page([card({ card_id: 1, score: 90 }), card({ card_id: 2, score: 80 })], 'c2', 3))
      .mockResolvedValueOnce(page([card({ card_id: 3, score: 70 })], null, 3));
    const { storeState } = await silentRunVirtually(
      expectSaga(workbenchWatchers)
        .withReducer(rootReducer)
        .provide(providers(fetch))
        .dispatch(cardListRequested({ mode: 'first' }))
        // Refused while the first page is out: no second request.
        .dispatch(cardListRequested({ mode: 'more' }))
        .delay(10)
        .dispatch(cardListRequested({ mode: 'more' }))
        .delay(10)
        .dispatch(cardListRequested({ mode: 'more' })),
      50,
    );
    expect(fetch).toHaveBeenCalledTimes(2);
    expect(fetch.mock.calls[0][1]).toEqual({ order: 'priority', limit: 50 });
    expect(fetch.mock.calls[1][1]).toEqual({ order: 'priority', limit: 50, cursor: 'c2' });
    const paging = storeState.workbench!.paging;
    expect(paging).toMatchObject({ status: 'loaded', cursor: null, hasMore: false, total: 3 });
    expect(selectVisibleCardIds(storeState)).toEqual([1, 2, 3]);
  });

  it('a filter change shows the loaded matches at once and pages its own query from the start', async () => {
    const fetch = jest.fn().mockResolvedValue(page([card({ card_id: 4, category_id: 5, score: 10 })], null));
    const start = rootReducer(undefined, cardListRequested({ mode: 'first' }));
    const loaded = rootReducer(start, {
      type: 'workbench/cardListLoaded',
      payload: {
        key: start.workbench!.paging.key,
        page: page([card({ card_id: 10, category_id: 5, score: 50 }), card({ card_id: 11, category_id: 1 })], 'x'),
        replace: false,
      },
    });
    const { storeState } = await silentRunVirtually(
      expectSaga(workbenchWatchers)
        .withReducer(rootReducer, loaded)
        .provide(providers(fetch))
        .dispatch(workbenchFilterChanged({ group: 'behaviour_insight' })),
      50,
    );
    expect(fetch.mock.calls[0][1]).toEqual({ order: 'priority', limit: 50, group: 'behaviour_insight' });
    expect(selectVisibleCardIds(storeState)).toEqual([10, 4]);
  });

  it('a failed page keeps the cards and can be retried', async () => {
    const { storeState } = await silentRunVirtually(
      expectSaga(workbenchWatchers)
        .withReducer(rootReducer)
        .provide([
          [matchers.getContext('services'), fakeServices()],
          [matchers.call.fn(api.fetchCardList), throwError(new ApiError({ kind: 'network' }))],
          [matchers.call.fn(api.fetchChanceTypes), types],
        ])
        .dispatch(cardListRequested({ mode: 'first' })),
      50,
    );
    expect(storeState.workbench!.paging.status).toBe('failed');
    expect(storeState.workbench!.paging.error).toMatchObject({ kind: 'network' });
  });

  it('a failed refresh leaves the cards loaded, so paging goes on; a failed next page is retried as that page', async () => {
    const down = () => Promise.reject(new ApiError({ kind: 'network' }));
    const fetch = jest
      .fn()
      .mockResolvedValueOnce(page([card({ card_id: 1, score: 90 }), card({ card_id: 2, score: 80 })], 'c2', 3))
      .mockImplementationOnce(down)
      .mockImplementationOnce(down)
      .mockResolvedValueOnce(page([card({ card_id: 3, score: 70 })], null, 3));
    const pulled = await silentRunVirtually(
      expectSaga(workbenchWatchers)
        .withReducer(rootReducer)
        .provide(providers(fetch))
        .dispatch(cardListRequested({ mode: 'first' }))
        .delay(10)
        .dispatch(cardListRequested({ mode: 'refresh' })),
      50,
    );
    // The pull says 刷新失败 from the error; the list and its paging stand as before the pull.
    expect(pulled.storeState.workbench!.paging).toMatchObject({ status: 'loaded', hasMore: true, cursor: 'c2' });
    expect(pulled.storeState.workbench!.paging.error).toMatchObject({ kind: 'network' });
    expect(selectVisibleCardIds(pulled.storeState)).toEqual([1, 2]);

    // 加载更多 from where the last run left the store.
    const nextPage = async (from: typeof pulled.storeState) =>
      (
        await silentRunVirtually(
          expectSaga(workbenchWatchers)
            .withReducer(rootReducer, from)
            .provide(providers(fetch))
            .dispatch(cardListRequested({ mode: 'more' })),
          50,
        )
      ).storeState;
    const paged = await nextPage(pulled.storeState);
    expect(paged.workbench!.paging.status).toBe('failed');
    const retried = await nextPage(paged);
    expect(fetch.mock.calls.map((c) => (c[1] as { cursor?: string }).cursor)).toEqual([
      undefined,
      undefined,
      'c2',
      'c2',
    ]);
    expect(retried.workbench!.paging).toMatchObject({ status: 'loaded', error: null, hasMore: false });
    expect(selectVisibleCardIds(retried)).toEqual([1, 2, 3]);
  });
});

describe('the workbench while it is open', () => {
  it('polls every 20,000 ms, and a tag row that failed at open is asked for again by the poll', async () => {
    expect(WORKBENCH_POLL_MS).toBe(20_000);
    const fetch = jest.fn().mockResolvedValue(page([card({ card_id: 1 })], null, 1));
    const tags = jest
      .fn()
      .mockRejectedValueOnce(new ApiError({ kind: 'network', detail: 'offline' }))
      .mockResolvedValue({ list: [{ tag: '定投客户', count: 3 }] });
    const run = (ms: number) =>
      silentRunVirtually(
        expectSaga(workbenchWatchers)
          .withReducer(rootReducer)
          .provide(providers(fetch, tags))
          .dispatch(workbenchOpened()),
        ms,
      );
    const before = await run(19_900);
    expect(tags).toHaveBeenCalledTimes(1);
    expect(before.storeState.workbench!.tags).toEqual([]);
    tags.mockClear();
    tags.mockRejectedValueOnce(new ApiError({ kind: 'network', detail: 'offline' }));
    const after = await run(20_100);
    expect(tags).toHaveBeenCalledTimes(2);
    expect(after.storeState.workbench!.tags).toEqual([{ tag: '定投客户', count: 3 }]);
  });
});
