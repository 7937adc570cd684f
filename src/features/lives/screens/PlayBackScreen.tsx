import { lazy, Suspense, useRef, useState } from 'react';
import { Link, useSearchParams } from 'react-router-dom';

import { LiveScreenFrame } from '../components/room/LiveScreenFrame';
import { ShareButton } from '../components/room/ShareButton';
import { useLiveScreen } from '../components/room/use-live-screen';
import { formatOffset } from '../store/room-selectors';

import { getHref } from '@/routes';

const VideoPlayer = lazy(() => import(/* webpackChunkName: "video-player" */ '../components/room/VideoPlayer'));
const SPEEDS = [0.75, 1, 1.25, 1.5, 2] as const;

/** playBack/{liveid}: the replay with progress, seeking and speed; its playback count; the key points. */
export default function PlayBackScreen() {
  const { liveId, room, opened } = useLiveScreen('replay');
  const [query] = useSearchParams();
  const t = Number(query.get('t'));
  // The address's offset starts the first play; later chapter taps seek.
  const startAt = useRef(Number.isFinite(t) && t > 0 ? t : undefined).current;
  const [seek, setSeek] = useState<{ at: number; n: number } | null>(null);
  return (
    <LiveScreenFrame liveId={liveId} room={room} opened={opened}>
      {(o) => (
        <>
          {o.live.status === 3 ? (
            <Suspense fallback={<div className="player player--loading">播放器加载中…</div>}>
              <VideoPlayer
                hlsUrl={o.extras.hls_url}
                mp4Url={o.extras.mp4_url}
                poster={o.live.cover}
                speeds={SPEEDS}
                startAt={startAt}
                seek={seek}
              />
            </Suspense>
          ) : (
            <p className="live-hint" role="status">
              直播结束后即可观看回放。
              <Link to={getHref('about', { liveid: String(o.live.num_index) })}>查看直播介绍</Link>
            </p>
          )}
          <div className="live-room__bar">
            <h1 className="live-room__title">{o.live.title}</h1>
            <p data-testid="playback-count">{o.playbacks}次回放</p>
            <ShareButton liveId={o.live.num_index} title={o.live.title} />
          </div>
          {/* Minutes (with their offsets) exist only once a live has ended. */}
          {o.live.status === 3 && (
            <section className="live-section" aria-label="直播纪要">
              <h2>直播纪要</h2>
              {room.minutes.status === 'failed' && <p role="alert">{room.minutes.error?.message}</p>}
              <ol className="minutes">
                {(room.minutes.data?.list ?? []).map((m) => (
                  <li key={m.id}>
                    {/* The address follows the chapter without a history entry per tap. */}
                    <Link
                      replace
                      className="minutes__seek"
                      to={getHref('playBack', { liveid: String(o.live.num_index) }, { t: m.offset_seconds })}
                      onClick={() => setSeek((prev) => ({ at: m.offset_seconds, n: (prev?.n ?? 0) + 1 }))}
                      data-testid={`chapter-${m.offset_seconds}`}
                    >
                      <time>{formatOffset(m.offset_seconds)}</time> {m.title}
                    </Link>
                    <p>{m.summary}</p>
                  </li>
                ))}
              </ol>
            </section>
          )}
        </>
      )}
    </LiveScreenFrame>
  );
}
