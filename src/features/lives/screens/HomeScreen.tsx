import { Suspense, useCallback, useEffect, useRef } from 'react';
import { useSearchParams } from 'react-router-dom';

import { parseIsoDate } from '../../../lib/format';
import { ErrorBlock } from '../../../ui/ErrorBlock';
import { preloadableLazy } from '../../../ui/preloadable-lazy';
import { CalendarButton } from '../components/CalendarButton';
import { HomeListSkeleton } from '../components/HomeListSkeleton';
import { LiveCard } from '../components/LiveCard';
import { useListReturn } from '../components/use-list-return';
import { useOnlinePolling } from '../components/use-online-polling';
import {
  homeListMoreRequested,
  homeListOpened,
  homeListRefreshRequested,
  homeListRetried,
  liveNoticeDismissed,
  liveSubscribeRequested,
} from '../store/lives-slice';
import {
  type HomeLiveRow,
  selectHomeHasMore,
  selectHomeList,
  selectHomeRoomIds,
  selectHomeRows,
  selectLiveNotice,
} from '../store/selectors';

import './HomeScreen.css';

import { useShareMenu } from '@/features/session';
import { trackingEventRequested } from '@/features/tracking';
import { getHref } from '@/routes';
import { useAppDispatch, useAppSelector } from '@/store';

const listGestures = preloadableLazy(
  () => import(/* webpackChunkName: "list-gestures" */ '../components/ListGestures'),
);
const ListGestures = listGestures.Component;
/** Loaded before a server-rendered list hydrates (issue 17 item 1), so hydration never waits on it. */
export const preloadParts = listGestures.preload;

/** Resolves the promises the gesture components wait on once the store leaves a busy status. */
function useSettleWhen(busy: boolean) {
  const waiters = useRef<Array<() => void>>([]);
  useEffect(() => {
    if (!busy) waiters.current.splice(0).forEach((resolve) => resolve());
  }, [busy]);
  return useCallback(() => new Promise<void>((resolve) => waiters.current.push(resolve)), []);
}

function rowHref(row: HomeLiveRow) {
  return row.target === 'liveEnd'
    ? getHref('liveEnd', { liveid: String(row.id) })
    : getHref('about', { liveid: String(row.id) }, { from: 'weapp' });
}

const NOTICE_MS = 3000;
const FIRST_SCREEN_CARDS = 4;

/** The UI kit's confirm dialog, loaded on the first cancel so it stays out of the home route's first load. */
async function confirmCancel(title: string): Promise<boolean> {
  const { confirm } = await import(/* webpackChunkName: "dialog" */ '../components/confirm-dialog');
  return confirm({
    title: '取消预约？',
    content: `取消后将不再提醒「${title}」开播`,
    confirmText: '取消预约',
    cancelText: '保留预约',
  });
}

const HOME_SHARE = { title: '直播', desc: '财富直播：近期直播与精彩回放，点击观看' };

/** The live list (spec §2 Home): lives of the date of the address, for the viewer (see store/identity.ts). */
export default function HomeScreen() {
  const [params, setParams] = useSearchParams();
  const dispatch = useAppDispatch();
  const list = useAppSelector(selectHomeList);
  const rows = useAppSelector(selectHomeRows);
  const hasMore = useAppSelector(selectHomeHasMore);
  const uuid = params.get('uuid')?.trim() ?? '';
  const date = parseIsoDate(params.get('date'));
  const hasFrom = params.has('from');
  const roomIds = useAppSelector(selectHomeRoomIds);
  const notice = useAppSelector(selectLiveNotice);
  // Spec §4: the share menu of the list (link: this page), set up by the session saga.
  useShareMenu(HOME_SHARE);

  // Spec §2: an address without `from` is rewritten with from=weapp.
  useEffect(() => {
    if (!hasFrom) {
      setParams(
        (prev) => {
          const next = new URLSearchParams(prev);
          next.set('from', 'weapp');
          return next;
        },
        { replace: true },
      );
    }
  }, [hasFrom, setParams]);

  const search = params.toString();
  const loaded = list.status === 'succeeded' && list.query?.uuid === uuid && list.query?.date === date;
  const returning = useListReturn(search, loaded);
  const keepPages = useRef(returning && loaded).current;
  // Issue 15 item 3: no uuid is no dead end; the saga lists for the signed-in user or this device.
  // Item 5: back to the list keeps the pages already loaded (and useListReturn restores the scroll).
  useEffect(() => {
    if (keepPages) return;
    dispatch(homeListOpened({ uuid, date }));
    // Own tracking (spec §7 event.php): one page event per opened list.
    dispatch(trackingEventRequested({ name: 'live_list_view', data: { uuid, date: date ?? '' } }));
  }, [dispatch, uuid, date, keepPages]);

  const onOpen = useCallback(
    (row: HomeLiveRow) =>
      dispatch(
        trackingEventRequested({
          name: 'live_card_click',
          data: { num_index: row.id, status: row.tone, target: row.target },
        }),
      ),
    [dispatch],
  );

  // Subscribe from the list (the home list is the live app's): the reducer flips the tag at once and ignores taps while one is in flight.
  // 已预约 asks before cancelling (issue 15 item 4): a stray tap must not drop a booking.
  const onToggleSubscribe = useCallback(
    (row: HomeLiveRow) => {
      // A tap while the last one is in flight (the second tap of a double tap) is not a cancel.
      if (row.pending) return;
      const subscribe = row.tone === 'unsubscribed';
      if (subscribe) {
        dispatch(liveSubscribeRequested({ liveId: row.id, subscribe, channel: 'liveApp' }));
        return;
      }
      void confirmCancel(row.title).then((yes) => {
        if (yes) dispatch(liveSubscribeRequested({ liveId: row.id, subscribe: false, channel: 'liveApp' }));
      });
    },
    [dispatch],
  );
  // A notice belongs to the screen that caused it: leaving the list clears it.
  useEffect(() => () => void dispatch(liveNoticeDismissed()), [dispatch]);
  // A toast hides itself.
  useEffect(() => {
    // A notice with an action waits for the user; others hide themselves.
    if (!notice || notice.offerCalendar) return;
    const timer = setTimeout(() => dispatch(liveNoticeDismissed()), NOTICE_MS);
    return () => clearTimeout(timer);
  }, [dispatch, notice]);

  // Online counts and statuses of the lives on screen, polled while the list is shown.
  useOnlinePolling(roomIds);

  const waitRefresh = useSettleWhen(list.status === 'refreshing');
  const waitMore = useSettleWhen(list.status === 'loadingMore');
  const moreErrorRef = useRef(list.moreError);
  moreErrorRef.current = list.moreError;

  const onRefresh = useCallback(async () => {
    dispatch(homeListRefreshRequested());
    await waitRefresh();
  }, [dispatch, waitRefresh]);

  const onLoadMore = useCallback(async () => {
    dispatch(homeListMoreRequested());
    await waitMore();
    // InfiniteScroll shows its retry when loadMore rejects.
    if (moreErrorRef.current) throw new Error(moreErrorRef.current.message);
  }, [dispatch, waitMore]);

  if (list.status === 'idle' || list.status === 'loading') {
    return (
      <main className="home" aria-busy="true">
        <HomeListSkeleton />
      </main>
    );
  }

  if (list.status === 'failed') {
    return (
      <main className="home">
        <ErrorBlock
          status="disconnected"
          title="直播列表加载失败"
          description={list.error?.message ?? '请稍后重试'}
          fullPage
        >
          {/* A plain button: the UI kit's Button (with its loading spinner) would add ~1 KB to the first load. */}
          <button type="button" className="home-retry" onClick={() => void dispatch(homeListRetried())}>
            重新加载
          </button>
        </ErrorBlock>
      </main>
    );
  }

  // The first screen of a phone shows about four cards: their covers are not deferred.
  const cards = rows.map((row, i) => (
    <LiveCard
      key={row.id}
      row={row}
      href={rowHref(row)}
      onOpen={onOpen}
      onToggleSubscribe={onToggleSubscribe}
      eager={i < FIRST_SCREEN_CARDS}
    />
  ));
  const content =
    rows.length === 0 ? (
      <ErrorBlock status="empty" title="暂无直播" description="近期没有直播安排，下拉可刷新" fullPage />
    ) : (
      <section className="home-list" aria-label="直播列表">
        {cards}
      </section>
    );

  return (
    <main className="home">
      {list.refreshError && (
        <p className="home__notice" role="alert">
          刷新失败：{list.refreshError.message}
        </p>
      )}
      {notice && (
        <p
          className={`home__notice home__notice--${notice.tone}`}
          role={notice.tone === 'error' ? 'alert' : 'status'}
          data-testid="home-notice"
        >
          <span>{notice.text}</span>
          {notice.offerCalendar && <CalendarButton liveId={notice.liveId} />}
          <button
            type="button"
            className="home__notice-close"
            onClick={() => void dispatch(liveNoticeDismissed())}
            aria-label="关闭提示"
          >
            ×
          </button>
        </p>
      )}
      <Suspense fallback={content}>
        <ListGestures onRefresh={onRefresh} onLoadMore={onLoadMore} hasMore={hasMore}>
          {content}
        </ListGestures>
      </Suspense>
    </main>
  );
}
