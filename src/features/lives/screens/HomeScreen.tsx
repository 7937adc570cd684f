import { ErrorBlock } from '../../../ui/ErrorBlock';
import { PullRefresh } from '../../../ui/PullRefresh';
import { HomeListSkeleton } from '../components/HomeListSkeleton';
import { HomeNotices } from '../components/HomeNotices';
import { ListPaging } from '../components/ListPaging';
import { LiveCard } from '../components/LiveCard';
import { useHomeCards } from '../components/use-home-cards';
import { useHomeGestures } from '../components/use-home-gestures';
import { useHomeList } from '../components/use-home-list';
import { useOnlinePolling } from '../components/use-online-polling';
import { homeListRetried } from '../store/lives-slice';
import {
  type HomeLiveRow,
  selectHomeHasMore,
  selectHomeRoomIds,
  selectHomeRows,
  selectLiveNotice,
} from '../store/selectors';

import './HomeScreen.css';

import { useShareMenu } from '@/features/session';
import { getHref } from '@/routes';
import { useAppDispatch, useAppSelector } from '@/store';

function rowHref(row: HomeLiveRow) {
  return row.target === 'liveEnd'
    ? getHref('liveEnd', { liveid: String(row.id) })
    : getHref('about', { liveid: String(row.id) }, { from: 'weapp' });
}

const FIRST_SCREEN_CARDS = 4;

const HOME_SHARE = { title: '直播', desc: '财富直播：近期直播与精彩回放，点击观看' };

/** The live list (docs/rules/routes-and-screens.md#home): lives of the date of the address, for the viewer (see store/identity.ts). */
export default function HomeScreen() {
  const dispatch = useAppDispatch();
  const rows = useAppSelector(selectHomeRows);
  const hasMore = useAppSelector(selectHomeHasMore);
  const roomIds = useAppSelector(selectHomeRoomIds);
  const notice = useAppSelector(selectLiveNotice);
  // The share menu of the list (link: this page), set up by the session saga (docs/rules/states.md#share-menus).
  useShareMenu(HOME_SHARE);
  const list = useHomeList();
  const { onOpen, onToggleSubscribe } = useHomeCards(notice);
  // Online counts and statuses of the lives on screen, polled while the list is shown.
  useOnlinePolling(roomIds);
  const { onRefresh, onLoadMore } = useHomeGestures();

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
      <HomeNotices refreshError={list.refreshError} notice={notice} />
      <PullRefresh onRefresh={onRefresh}>
        {content}
        <ListPaging onLoadMore={onLoadMore} hasMore={hasMore} />
      </PullRefresh>
    </main>
  );
}
