import { Link } from 'react-router-dom';

import { LiveScreenFrame } from '../components/room/LiveScreenFrame';
import { useLiveScreen } from '../components/room/use-live-screen';
import { formatOffset } from '../store/room-selectors';

import { getHref } from '@/routes';

/** summaryView?liveid=: live minutes — the key points by time, each opening the replay there. */
export default function SummaryViewScreen() {
  const { liveId, room, opened } = useLiveScreen('minutes');
  return (
    <LiveScreenFrame liveId={liveId} room={room} opened={opened}>
      {(o) => (
        <>
          <h1 className="live-head__title">{o.live.title} · 直播纪要</h1>
          {room.minutes.status === 'failed' && <p role="alert">纪要加载失败：{room.minutes.error?.message}</p>}
          {room.minutes.status === 'succeeded' && room.minutes.data?.list.length === 0 && (
            <p className="live-empty">本场直播暂无纪要</p>
          )}
          <ol className="minutes minutes--page" data-testid="minutes">
            {(room.minutes.data?.list ?? []).map((m) => (
              <li key={m.id}>
                <time>{formatOffset(m.offset_seconds)}</time>
                <h2>{m.title}</h2>
                <p>{m.summary}</p>
                {o.live.status === 3 && (
                  <Link
                    className="minutes__replay"
                    to={getHref('playBack', { liveid: String(o.live.num_index) }, { t: m.offset_seconds })}
                  >
                    从这里看回放
                  </Link>
                )}
              </li>
            ))}
          </ol>
        </>
      )}
    </LiveScreenFrame>
  );
}
