import { lazy, Suspense } from 'react';

import type { OpenedLive } from '../../store/room-selectors';

const VideoPlayer = lazy(() => import(/* webpackChunkName: "video-player" */ './VideoPlayer'));
const REPLAY_SPEEDS = [0.75, 1, 1.25, 1.5, 2] as const;

/**
 * The top of the live room, one 16:9 box whatever the status, so a status change while the
 * viewer reads the messages below swaps the box's content without moving the page.
 */
export function RoomStage({ opened }: { opened: OpenedLive }) {
  const { live, extras, stage, countdown, startsAt, row } = opened;
  if (stage === 'waiting' || stage === 'starting') {
    return (
      <section className="room-stage room-stage--waiting" data-testid="room-waiting" aria-label="等待开播">
        <img src={live.cover} alt="" width={640} height={360} />
        <span className={`live-card__tag live-card__tag--${row.tone}`} data-testid="live-tag" data-status={row.tone}>
          {row.tag}
        </span>
        <div className="room-stage__wait">
          {stage === 'starting' ? (
            <p data-testid="host-late" role="status">
              主播即将开始
            </p>
          ) : (
            countdown && (
              <p data-testid="countdown">
                距开播 <strong>{countdown}</strong>
              </p>
            )
          )}
          <p className="room-stage__time">开播时间 {startsAt}</p>
        </div>
      </section>
    );
  }
  const ended = stage === 'ended';
  return (
    <section
      className="room-stage"
      data-testid="room-stage"
      data-stage={stage}
      aria-label={ended ? '直播回放' : '直播'}
    >
      <Suspense fallback={<div className="player player--loading">播放器加载中…</div>}>
        {/* Keyed by status: a live that ends stops its stream and comes back as the replay, waiting for a tap. */}
        <VideoPlayer
          key={stage}
          hlsUrl={extras.hls_url}
          mp4Url={extras.mp4_url}
          poster={live.cover}
          speeds={ended ? REPLAY_SPEEDS : undefined}
        />
      </Suspense>
      <span className={`room-stage__badge room-stage__badge--${stage}`} data-testid="stage-badge">
        {ended ? '直播已结束 · 回放' : '直播中'}
      </span>
    </section>
  );
}
