import {
  homeListLoaded,
  homeListLoadFailed,
  homeListMoreRequested,
  homeListOpened,
  homeListRefreshRequested,
  homeListRetried,
  roomOnlineReceived,
} from '../store/lives-slice';
import { selectHomeHasMore, selectHomeRows, toHomeRow } from '../store/selectors';
import { ended, liveNow, makeLive, upcomingOpen, upcomingSubscribed } from './fixtures';

import { rootReducer } from '@/store';

const init = () => rootReducer(undefined, { type: '@@INIT' });
const opened = () => rootReducer(init(), homeListOpened({ uuid: 'u1', date: '2026-11-22' }));
const page = (p: number, list = [liveNow], total = 1) => homeListLoaded({ page: p, pageSize: 20, total, list });

describe('home list reducer', () => {
  it('loads the first page and renders rows in server order', () => {
    const s = rootReducer(opened(), page(1, [liveNow, upcomingSubscribed, ended], 3));
    expect(s.lives!.homeList.status).toBe('succeeded');
    expect(selectHomeRows(s).map((r) => r.id)).toEqual([101, 102, 104]);
    expect(selectHomeHasMore(s)).toBe(false);
  });

  it('a poll that moves one live’s count gives a new row for that live only; the others stay the same objects', () => {
    const before = rootReducer(opened(), page(1, [liveNow, makeLive({ num_index: 105, status: 1 }), ended], 3));
    const rows = selectHomeRows(before);
    const after = rootReducer(before, roomOnlineReceived({ items: [{ room_id: 'room-101', num: 99_999 }] }));
    const next = selectHomeRows(after);
    expect(next).not.toBe(rows);
    expect(next[0]).not.toBe(rows[0]);
    expect(next[0]!.count).toBe('99,999人在线');
    expect([next[1] === rows[1], next[2] === rows[2]]).toEqual([true, true]);
  });

  it('appends the next page without duplicates and keeps has-more honest', () => {
    let s = rootReducer(opened(), page(1, [liveNow, upcomingOpen], 3));
    expect(selectHomeHasMore(s)).toBe(true);
    s = rootReducer(s, homeListMoreRequested());
    expect(s.lives!.homeList.status).toBe('loadingMore');
    s = rootReducer(s, page(2, [upcomingOpen, ended], 3));
    expect(s.lives!.homeList.ids).toEqual([101, 103, 104]);
    expect(s.lives!.homeList.page).toBe(2);
  });

  it('ignores "more" on a complete list and answers for a page nobody asked for', () => {
    const s = rootReducer(opened(), page(1));
    expect(rootReducer(s, homeListMoreRequested())).toBe(s);
    expect(rootReducer(s, page(1, [ended]))).toBe(s);
    const loading = opened();
    expect(rootReducer(loading, page(2)).lives!.homeList.status).toBe('loading');
  });

  it('a failed first load shows the error; retry goes back to loading', () => {
    let s = rootReducer(
      opened(),
      homeListLoadFailed({ kind: 'network', code: null, httpStatus: null, message: '网络不给力' }),
    );
    expect(s.lives!.homeList.status).toBe('failed');
    expect(s.lives!.homeList.error?.message).toBe('网络不给力');
    s = rootReducer(s, homeListRetried());
    expect(s.lives!.homeList.status).toBe('loading');
    expect(s.lives!.homeList.error).toBeNull();
  });

  it('a failed refresh or "more" keeps the list on screen', () => {
    let s = rootReducer(opened(), page(1, [liveNow, upcomingOpen], 5));
    s = rootReducer(s, homeListRefreshRequested());
    s = rootReducer(s, homeListLoadFailed({ kind: 'timeout', code: null, httpStatus: null, message: '请求超时' }));
    expect(s.lives!.homeList.status).toBe('succeeded');
    expect(s.lives!.homeList.refreshError?.message).toBe('请求超时');
    expect(s.lives!.homeList.ids).toEqual([101, 103]);
    s = rootReducer(s, homeListMoreRequested());
    s = rootReducer(s, homeListLoadFailed({ kind: 'network', code: null, httpStatus: null, message: 'x' }));
    expect(s.lives!.homeList.moreError?.message).toBe('x');
    expect(s.lives!.homeList.ids).toEqual([101, 103]);
  });

  it('retry and refresh are refused from statuses where they make no sense', () => {
    const s = opened();
    expect(rootReducer(s, homeListRetried())).toBe(s);
    expect(rootReducer(s, homeListRefreshRequested())).toBe(s);
    expect(
      rootReducer(init(), homeListLoadFailed({ kind: 'business', code: 1, httpStatus: 200, message: 'm' })),
    ).toEqual(init());
  });
});

describe('home rows (docs/rules/routes-and-screens.md#home)', () => {
  it('status 1: live tag and online count with separators', () => {
    expect(toHomeRow(liveNow)).toMatchObject({
      tone: 'live',
      tag: '直播中',
      count: '12,345人在线',
      target: 'about',
      startsAt: null,
    });
  });
  it('status 2: subscribed / not subscribed, start month-day hour:minute in Beijing time, subscriber count', () => {
    expect(toHomeRow(upcomingSubscribed)).toMatchObject({
      tone: 'subscribed',
      tag: '已预约',
      startsAt: '11-22 19:30 开播',
      count: '1,024人预约',
    });
    expect(toHomeRow(upcomingOpen)).toMatchObject({
      tone: 'unsubscribed',
      tag: '未预约',
      count: '7人预约',
      target: 'about',
    });
  });
  it('status 3: ended tag, playback count, opens the end page', () => {
    expect(toHomeRow(ended)).toMatchObject({
      tone: 'ended',
      tag: '已结束',
      count: '2,500,000次回放',
      target: 'liveEnd',
    });
  });
  it('presenters are joined by commas; none gives an empty line', () => {
    expect(toHomeRow(liveNow).presenters).toBe('王磊，李静');
    expect(toHomeRow(makeLive({ num_index: 5, status: 1, kol: [] })).presenters).toBe('');
  });
});
