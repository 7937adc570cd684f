import { LiveHeader, NoticeBar, Presenters, SubscribeButton, WatchLink } from '../components/room/LiveParts';
import { LiveScreenFrame } from '../components/room/LiveScreenFrame';
import { ShareButton } from '../components/room/ShareButton';
import { useLiveScreen } from '../components/room/use-live-screen';
import type { SubscribeChannel } from '../live-room-api';

/**
 * Live teasers (preheatDetail, V2, Gopher): countdown and subscribe. V2 adds the presenters
 * and the description; Gopher is the gopher application's variant (its app id comes from the path).
 */
export function TeaserView({ variant, channel }: { variant: 'v1' | 'v2' | 'gopher'; channel: SubscribeChannel }) {
  const { liveId, room, opened } = useLiveScreen('teaser');
  return (
    <LiveScreenFrame liveId={liveId} room={room} opened={opened}>
      {(o) => (
        <div className={`teaser teaser--${variant}`}>
          <p className="teaser__kicker">直播预告</p>
          <LiveHeader opened={o} />
          <NoticeBar />
          <div className="live-actions">
            <SubscribeButton opened={o} channel={channel} />
            <WatchLink opened={o} />
            <ShareButton liveId={o.live.num_index} title={o.live.title} />
          </div>
          {variant !== 'v1' && <Presenters opened={o} />}
          {variant === 'v2' && <p className="live-text">{o.extras.description}</p>}
        </div>
      )}
    </LiveScreenFrame>
  );
}
