import { LiveHeader, NoticeBar, Presenters, SubscribeButton, WatchLink } from '../components/room/LiveParts';
import { LiveScreenFrame } from '../components/room/LiveScreenFrame';
import { ShareButton } from '../components/room/ShareButton';
import { useLiveScreen } from '../components/room/use-live-screen';

import { ShareMenuSetup } from '@/features/session';

/** about/{liveid}: what the live is, who presents it, when; subscribe, share, or go in. */
export default function AboutScreen() {
  const { liveId, room, opened } = useLiveScreen('about');
  return (
    <LiveScreenFrame liveId={liveId} room={room} opened={opened}>
      {(o) => (
        <>
          <ShareMenuSetup title={o.live.title} desc={o.extras.description || '财富直播：点击查看直播详情并预约'} />
          <LiveHeader opened={o} />
          <NoticeBar />
          <div className="live-actions">
            <SubscribeButton opened={o} channel="liveApp" />
            <WatchLink opened={o} />
            <ShareButton liveId={o.live.num_index} title={o.live.title} />
          </div>
          <Presenters opened={o} />
          {o.extras.description && (
            <section className="live-section" aria-label="直播简介">
              <h2>直播简介</h2>
              <p className="live-text">{o.extras.description}</p>
            </section>
          )}
        </>
      )}
    </LiveScreenFrame>
  );
}
