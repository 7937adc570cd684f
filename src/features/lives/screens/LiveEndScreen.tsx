import { Link } from 'react-router-dom';

import { formatCount } from '../../../lib/format';
import { LiveRows, Presenters } from '../components/room/LiveParts';
import { LiveScreenFrame } from '../components/room/LiveScreenFrame';
import { RoomPreview } from '../components/room/RoomPreview';
import { useLiveScreen } from '../components/room/use-live-screen';
import { selectRelatedRows } from '../store/room-selectors';

import { getHref } from '@/routes';
import { useAppSelector } from '@/store';

/** LiveEnd/{liveid}: the live is over — what it was, how many watched, the replay, other lives. */
export default function LiveEndScreen() {
  const { liveId, room, opened } = useLiveScreen('end');
  const related = useAppSelector(selectRelatedRows);
  return (
    <LiveScreenFrame liveId={liveId} room={room} opened={opened}>
      {(o) => (
        <>
          <header className="live-end">
            <img src={o.live.cover} alt="" width={640} height={360} />
            <p className="live-end__state">{o.live.status === 3 ? '直播已结束' : o.row.tag}</p>
            <h1>{o.live.title}</h1>
            {o.live.status === 3 ? (
              <>
                <dl className="live-stats">
                  <div>
                    <dt>直播时长</dt>
                    <dd>{o.durationMinutes}分钟</dd>
                  </div>
                  <div>
                    <dt>回放次数</dt>
                    <dd data-testid="playback-count">{o.playbacks}</dd>
                  </div>
                  <div>
                    <dt>预约人数</dt>
                    <dd>{formatCount(room.statistics?.subscribe_number ?? o.live.subscribe_number)}</dd>
                  </div>
                  <div>
                    <dt>互动留言</dt>
                    <dd>
                      {formatCount((room.statistics?.message_count ?? 0) + (room.statistics?.leave_message_count ?? 0))}
                    </dd>
                  </div>
                </dl>
                <Link
                  className="live-cta"
                  to={getHref('playBack', { liveid: String(o.live.num_index) })}
                  data-testid="watch-replay"
                >
                  观看回放
                </Link>
                <Link className="live-link" to={getHref('summaryView', undefined, { liveid: o.live.num_index })}>
                  查看直播纪要
                </Link>
              </>
            ) : (
              // An end-page link opened early (shared before the live was over): no stats or
              // replay exist yet, so send the viewer where the live is now.
              <>
                <p className="live-end__early" role="status">
                  {o.live.status === 1 ? '直播正在进行，结束后可在此查看回放' : '直播尚未开始，结束后可在此查看回放'}
                </p>
                <Link
                  className="live-cta"
                  to={getHref(o.live.status === 1 ? 'liveDetail' : 'about', { liveid: String(o.live.num_index) })}
                  data-testid="go-to-live"
                >
                  {o.live.status === 1 ? '进入直播间' : '查看直播介绍'}
                </Link>
              </>
            )}
          </header>
          <Presenters opened={o} />
          <RoomPreview preview={room.preview} />
          <section className="live-section" aria-label="更多直播">
            <h2>更多直播</h2>
            {room.related.status === 'failed' ? (
              <p role="alert">{room.related.error?.message}</p>
            ) : (
              <LiveRows rows={related.slice(0, 6)} label="更多直播" />
            )}
          </section>
        </>
      )}
    </LiveScreenFrame>
  );
}
