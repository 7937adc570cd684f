import { expectSaga } from 'redux-saga-test-plan';
import * as matchers from 'redux-saga-test-plan/matchers';

import { silentRunVirtually } from '../../../lib/testing/virtual-time';
import type { ViewerIdentity } from '../store/identity';
import { liveClockTicked, liveScreenOpened } from '../store/live-room-slice';
import { refreshServerListForViewer } from '../store/lives-saga';
import {
  homeListLoaded,
  homeListOpened,
  homeListRefreshRequested,
  liveItemsReceived,
  serverTagsConfirmedForVisitor,
} from '../store/lives-slice';
import { selectOpenedLive } from '../store/room-selectors';
import { selectHomeRows } from '../store/selectors';
import { viewerFor } from '../store/viewer-saga';
import { detail103, ended, liveNow, upcomingSubscribed } from './fixtures';

import { rootReducer, type SsrData, ssrDataHydrated } from '@/store';

/** A server-rendered page's data enters the store as one action, and the screen's first open keeps it. */
const init = () => rootReducer(undefined, { type: '@@INIT' });
const homeData = (personalFor: string | null = null): SsrData => ({
  route: 'home',
  url: '/?uuid=u5&from=weapp',
  data: {
    home: {
      query: { uuid: 'u5', date: null },
      page: 1,
      pageSize: 20,
      total: 3,
      list: [liveNow, upcomingSubscribed, ended],
      personalFor,
    },
  },
});

describe('ssrDataHydrated, reducers', () => {
  it('puts the rendered list in the store, and its first open keeps it (no loading, no second request)', () => {
    let s = rootReducer(init(), ssrDataHydrated(homeData()));
    expect(selectHomeRows(s).map((r) => r.id)).toEqual([101, 102, 104]);
    expect(s.lives!.homeList).toMatchObject({ status: 'succeeded', total: 3, serverRendered: true });
    s = rootReducer(s, homeListOpened({ uuid: 'u5', date: null }));
    expect(s.lives!.homeList).toMatchObject({ status: 'succeeded', serverRendered: false });
    // A later open (another visit, or another address) loads as always.
    expect(rootReducer(s, homeListOpened({ uuid: 'u5', date: null })).lives!.homeList.status).toBe('loading');
    const other = rootReducer(
      rootReducer(init(), ssrDataHydrated(homeData())),
      homeListOpened({ uuid: 'u6', date: null }),
    );
    expect(other.lives!.homeList.status).toBe('loading');
  });

  it('a public render shows upcoming lives neutral (即将开播) until the viewer’s own tags are known: no 未预约 → 已预约 flash', () => {
    const tags = (st: ReturnType<typeof init>) => selectHomeRows(st).map((r) => r.tag);
    const pub = rootReducer(init(), ssrDataHydrated(homeData()));
    expect(tags(pub)).toEqual(['直播中', '即将开播', '已结束']);
    // The person's own read (a signed-in refresh), or a visitor confirmed: the rendered tags are theirs.
    const opened = rootReducer(pub, homeListOpened({ uuid: 'u5', date: null }));
    const refreshed = rootReducer(
      rootReducer(opened, homeListRefreshRequested()),
      homeListLoaded({ page: 1, pageSize: 20, total: 3, list: [liveNow, upcomingSubscribed, ended] }),
    );
    expect(tags(refreshed)).toEqual(['直播中', '已预约', '已结束']);
    expect(tags(rootReducer(pub, serverTagsConfirmedForVisitor()))).toEqual(['直播中', '已预约', '已结束']);
    // Rendered for the mini-program user the address names: their tags from the start.
    expect(tags(rootReducer(init(), ssrDataHydrated(homeData('u5'))))).toEqual(['直播中', '已预约', '已结束']);
  });

  it('a live page keeps the server’s detail on screen while its saga reads it again', () => {
    const data: SsrData = {
      route: 'about',
      url: '/about/103',
      data: { liveScreen: { liveId: 103, screen: 'about', detail: detail103 } },
    };
    let s = rootReducer(init(), ssrDataHydrated(data));
    expect(selectOpenedLive(s)?.live.title).toBe(detail103.title);
    // The server's page has no clock: no countdown until the browser's own first tick gives one.
    expect(selectOpenedLive(s)).toMatchObject({ countdown: null, stage: 'waiting' });
    const ticked = rootReducer(s, liveClockTicked({ nowMs: (detail103.start_time - 65) * 1000 }));
    expect(selectOpenedLive(ticked)?.countdown).toBe('00:01:05');
    s = rootReducer(s, liveScreenOpened({ liveId: 103, screen: 'about' }));
    expect(s.liveRoom!.detail.status).toBe('loading');
    expect(selectOpenedLive(s)?.extras.description).toBe('四季度展望');
    // Its subscription waits for the viewer's own read (the server rendered it for the public).
    expect(selectOpenedLive(s)).toMatchObject({ tagsKnown: false, row: { tone: 'upcoming' } });
    const read = rootReducer(s, liveItemsReceived([selectOpenedLive(s)!.live]));
    expect(selectOpenedLive(read)?.tagsKnown).toBe(true);
    // Another live: a fresh open.
    expect(selectOpenedLive(rootReducer(s, liveScreenOpened({ liveId: 104, screen: 'about' })))).toBeNull();
  });
});

describe('refreshServerListForViewer', () => {
  const who = (source: ViewerIdentity['source']): ViewerIdentity => ({
    employeeId: 'x',
    realName: '',
    unionId: null,
    viewerId: 'x',
    source,
  });

  it('a signed-in person gets their own tags: page 1 again once the screen has opened', () =>
    expectSaga(refreshServerListForViewer, ssrDataHydrated(homeData()))
      .provide([[matchers.call.fn(viewerFor), who('session')]])
      .dispatch(homeListOpened({ uuid: 'u5', date: null }))
      .put(homeListRefreshRequested())
      .run());

  it('the mini-program user it was rendered for already sees what the API would answer', async () => {
    const { effects } = await expectSaga(refreshServerListForViewer, ssrDataHydrated(homeData('u5')))
      .provide([[matchers.call.fn(viewerFor), who('miniProgram')]])
      .dispatch(homeListOpened({ uuid: 'u5', date: null }))
      .run();
    expect(effects.put ?? []).toEqual([]);
  });

  it('a guest of a public render: its tags are confirmed as theirs once the screen has opened (after hydration)', async () => {
    await expectSaga(refreshServerListForViewer, ssrDataHydrated(homeData(null)))
      .provide([[matchers.call.fn(viewerFor), who('device')]])
      .dispatch(homeListOpened({ uuid: 'u5', date: null }))
      .put(serverTagsConfirmedForVisitor())
      .run();
    // Not before the open: the first render must match the server's HTML.
    const { effects } = await silentRunVirtually(
      expectSaga(refreshServerListForViewer, ssrDataHydrated(homeData(null))).provide([
        [matchers.call.fn(viewerFor), who('device')],
      ]),
      50,
    );
    expect(effects.put ?? []).toEqual([]);
  });
});
