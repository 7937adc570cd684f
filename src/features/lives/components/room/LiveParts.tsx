import Button from 'antd-mobile/es/components/button';
import { useEffect } from 'react';

import { LiveStatus } from '../../../../api/contract/live-constants';
import { CoverImage } from '../../../../ui/CoverImage';
import type { SubscribeChannel } from '../../live-room-api';
import { liveNoticeDismissed, liveSubscribeRequested } from '../../store/lives-slice';
import type { OpenedLive } from '../../store/room-selectors';
import { selectLiveNotice } from '../../store/selectors';

import { useAppDispatch, useAppSelector } from '@/store';

/** Cover, status tag, title and the status line (start time / online / playbacks). */
export function LiveHeader({ opened }: { opened: OpenedLive }) {
  const { live, row, startsAt, countdown } = opened;
  return (
    <header className="live-head">
      <div className="live-head__cover">
        {/* The screen's largest paint, at the top of a page opened from a link: fetched before the avatars. */}
        <CoverImage src={live.cover} sizes="100vw" width={640} height={360} fetchPriority="high" />
        <span className={`live-card__tag live-card__tag--${row.tone}`} data-testid="live-tag" data-status={row.tone}>
          {row.tag}
        </span>
      </div>
      <h1 className="live-head__title">{live.title}</h1>
      <p className="live-head__meta">
        <span>开播时间 {startsAt}</span>
        <span data-testid="live-count">{row.count}</span>
      </p>
      {live.status === LiveStatus.upcoming && (
        // The line is there from the first paint: a page from the server has no clock, and the countdown filling
        // in at the browser's first tick must not push the buttons under a finger.
        <p className="live-head__countdown" data-testid="countdown-line">
          {countdown ? (
            <span data-testid="countdown">
              距开播 <strong>{countdown}</strong>
            </span>
          ) : opened.stage === 'starting' ? (
            <span data-testid="host-late" role="status">
              主播即将开始
            </span>
          ) : null}
        </p>
      )}
    </header>
  );
}

export function Presenters({ opened }: { opened: OpenedLive }) {
  if (opened.extras.presenters.length === 0) return null;
  return (
    <section className="live-section" aria-label="主讲嘉宾">
      <h2>主讲嘉宾</h2>
      <ul className="presenters">
        {opened.extras.presenters.map((p) => (
          <li key={p.id} className="presenter">
            <img src={p.avatar} alt="" width={48} height={48} />
            <div>
              <p className="presenter__name">
                {p.name} <span>{p.title}</span>
              </p>
              <p className="presenter__bio">{p.bio}</p>
            </div>
          </li>
        ))}
      </ul>
    </section>
  );
}

/** Subscribe / cancel for an upcoming live; the tag flips at once and rolls back on failure. */
export function SubscribeButton({ opened, channel }: { opened: OpenedLive; channel: SubscribeChannel }) {
  const dispatch = useAppDispatch();
  const { live, pending } = opened;
  if (live.status !== 2) return null;
  const subscribed = live.is_subscribe !== 0;
  // Until the viewer's own subscription is read (after a public server render) the button waits, so a subscriber
  // is never offered 立即预约 a moment before 已预约.
  const known = opened.tagsKnown;
  return (
    <Button
      block
      color={subscribed || !known ? 'default' : 'primary'}
      shape="rounded"
      data-testid="subscribe"
      aria-pressed={known ? subscribed : undefined}
      loading={pending || !known}
      loadingText={known ? undefined : '正在读取预约状态'}
      disabled={!known}
      onClick={() => void dispatch(liveSubscribeRequested({ liveId: live.num_index, subscribe: !subscribed, channel }))}
    >
      {subscribed ? '已预约（点击取消）' : '立即预约'}
    </Button>
  );
}

/** The last subscribe outcome, as a dismissible line (role=status for success, alert for failure). */
export function NoticeBar() {
  const dispatch = useAppDispatch();
  const notice = useAppSelector(selectLiveNotice);
  useEffect(() => () => void dispatch(liveNoticeDismissed()), [dispatch]);
  if (!notice) return null;
  return (
    <p className={`live-notice live-notice--${notice.tone}`} role={notice.tone === 'error' ? 'alert' : 'status'}>
      {notice.text}
      <button type="button" onClick={() => void dispatch(liveNoticeDismissed())} aria-label="关闭提示">
        ×
      </button>
    </p>
  );
}

export { LiveRows, MessageList, WatchLink } from './RoomLists';
export { ProductList } from './RoomProducts';
