import { formatCount } from '../../../lib/format';
import { LiveScreenFrame } from '../components/room/LiveScreenFrame';
import { useLiveIdParam, useLiveScreen } from '../components/room/use-live-screen';
import { TopicView } from './TopicView';

function Report() {
  const { liveId, room, opened } = useLiveScreen('report');
  const s = room.statistics;
  return (
    <LiveScreenFrame liveId={liveId} room={room} opened={opened}>
      {(o) => (
        <>
          <p className="teaser__kicker">策略会报告</p>
          <h1 className="live-head__title">{o.live.title}</h1>
          <dl className="live-stats" data-testid="report">
            {(
              [
                ['当前在线', formatCount(s?.onlines ?? 0)],
                ['预约人数', formatCount(s?.subscribe_number ?? o.live.subscribe_number)],
                ['回放次数', formatCount(s?.playback_number ?? o.live.playback_number)],
                ['互动消息', formatCount(s?.message_count ?? 0)],
                ['观众留言', formatCount(s?.leave_message_count ?? 0)],
                ['直播时长', `${o.durationMinutes}分钟`],
              ] as const
            ).map(([label, value]) => (
              <div key={label}>
                <dt>{label}</dt>
                <dd>{value}</dd>
              </div>
            ))}
          </dl>
        </>
      )}
    </LiveScreenFrame>
  );
}

/** tactfulReport?liveid=: an adviser's figures for one strategy meeting; without an id, the meetings. */
export default function TactfulReportScreen() {
  return useLiveIdParam() === null ? <TopicView topic="tactfulReport" /> : <Report />;
}
