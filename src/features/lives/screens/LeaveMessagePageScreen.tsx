import { formatMonthDayTime } from '../../../lib/format';
import { LeaveMessageForm } from '../components/room/LeaveMessageForm';
import { LiveScreenFrame } from '../components/room/LiveScreenFrame';
import { useLiveScreen } from '../components/room/use-live-screen';

import { HoldNotice } from '@/ui/HoldNotice';

/** LeaveMessagePage?liveid=: leave a question for a live's presenters and read the others. */
export default function LeaveMessagePageScreen() {
  const { liveId, room, opened } = useLiveScreen('messages');
  return (
    <LiveScreenFrame liveId={liveId} room={room} opened={opened}>
      {(o) => (
        <>
          <h1 className="live-head__title">{o.live.title}</h1>
          {/* Padded like every other section. */}
          <section className="live-section" aria-label="留言">
            <LeaveMessageForm />
          </section>
          <section className="live-section" aria-label="全部留言">
            <h2>全部留言</h2>
            {room.leaveList.status === 'failed' && <p role="alert">{room.leaveList.error?.message}</p>}
            {room.leaveList.data?.length === 0 && <p className="live-empty">还没有留言</p>}
            <ol className="messages" data-testid="leave-list">
              {(room.leaveList.data ?? []).map((m) => (
                <li key={m.id} className="message">
                  <span className="message__who">
                    {m.real_name || '游客'} · {formatMonthDayTime(m.created_at)}
                  </span>
                  <span className="message__text">{m.content}</span>
                  <HoldNotice hold={m.hold} />
                </li>
              ))}
            </ol>
          </section>
        </>
      )}
    </LiveScreenFrame>
  );
}
