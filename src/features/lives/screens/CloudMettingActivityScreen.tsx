import { LiveHeader, NoticeBar, Presenters, SubscribeButton, WatchLink } from '../components/room/LiveParts';
import { LiveScreenFrame } from '../components/room/LiveScreenFrame';
import { useLiveScreen } from '../components/room/use-live-screen';
import { useLiveIdParam } from '../components/room/use-live-screen';
import { TopicView } from './TopicView';

function Activity() {
  const { liveId, room, opened } = useLiveScreen('activity');
  return (
    <LiveScreenFrame liveId={liveId} room={room} opened={opened}>
      {(o) => (
        <>
          <p className="teaser__kicker">云会议活动</p>
          <LiveHeader opened={o} />
          <NoticeBar />
          <div className="live-actions">
            <SubscribeButton opened={o} channel="activity" />
            <WatchLink opened={o} />
          </div>
          <Presenters opened={o} />
          <p className="live-text">{o.extras.description}</p>
        </>
      )}
    </LiveScreenFrame>
  );
}

/** cloudMettingActivity?liveid=: an online meeting as an activity (activity detail + activitySubscribe); without an id, the calendar. */
export default function CloudMettingActivityScreen() {
  return useLiveIdParam() === null ? <TopicView topic="cloudMeeting" /> : <Activity />;
}
