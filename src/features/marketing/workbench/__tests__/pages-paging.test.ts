import { card, page } from '../../shared/__tests__/fixtures';
import {
  ignoredListLoaded,
  ignoredListLoadFailed,
  ignoredListRequested,
  pagesSlice,
  type PagesState,
  userListLoaded,
  userListLoadFailed,
  userListRequested,
} from '../store/pages-slice';

import type { UserPage } from '@/api/contract/market-map';

const reduce = (state: PagesState, ...actions: Parameters<typeof pagesSlice.reducer>[1][]) =>
  actions.reduce(pagesSlice.reducer, state);
const start = pagesSlice.reducer(undefined, { type: '@@init' });
const down = { kind: 'network', message: '网络连接失败' } as never;
const user = (customer_id: number) => ({ customer_id }) as UserPage['list'][number];

describe('我的客户 paging', () => {
  const shown = reduce(
    start,
    userListRequested({ mode: 'first' }),
    userListLoaded({ page: { list: [user(1), user(2)], next_cursor: 'u2', total: 3 }, replace: true }),
  );

  it('a failed refresh leaves the customers loaded with the error: the foot still offers the next page', () => {
    const pulled = reduce(shown, userListRequested({ mode: 'refresh' }), userListLoadFailed({ error: down }));
    expect(pulled.users).toMatchObject({ status: 'loaded', cursor: 'u2', error: down });
    expect(pulled.users.list).toHaveLength(2);
    expect(reduce(pulled, userListRequested({ mode: 'more' })).users.status).toBe('loadingMore');
  });

  it('a failed next page fails the list, and 加载失败，点击重试 asks for that page again', () => {
    const failed = reduce(shown, userListRequested({ mode: 'more' }), userListLoadFailed({ error: down }));
    expect(failed.users.status).toBe('failed');
    const retried = reduce(failed, userListRequested({ mode: 'more' }));
    expect(retried.users).toMatchObject({ status: 'loadingMore', error: null });
  });

  it('a failed first load over nothing is a failed list (the screen offers its retry)', () => {
    const failed = reduce(start, userListRequested({ mode: 'refresh' }), userListLoadFailed({ error: down }));
    expect(failed.users.status).toBe('failed');
  });
});

describe('已忽略商机 paging', () => {
  const shown = reduce(
    start,
    ignoredListRequested({ mode: 'first' }),
    ignoredListLoaded({ page: page([card({ card_id: 7 })], 'g1', 2), replace: true }),
  );

  it('a failed refresh keeps the list loaded; a failed next page can be asked for again', () => {
    const pulled = reduce(shown, ignoredListRequested({ mode: 'refresh' }), ignoredListLoadFailed({ error: down }));
    expect(pulled.ignored).toMatchObject({ status: 'loaded', cursor: 'g1', error: down });
    const failed = reduce(pulled, ignoredListRequested({ mode: 'more' }), ignoredListLoadFailed({ error: down }));
    expect(failed.ignored.status).toBe('failed');
    expect(reduce(failed, ignoredListRequested({ mode: 'more' })).ignored).toMatchObject({
      status: 'loadingMore',
      error: null,
    });
  });
});
