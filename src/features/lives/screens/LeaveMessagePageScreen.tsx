import { LiveScreenFrame } from '../components/room/LiveScreenFrame';
import { LeaveMessageForm } from '../components/room/LeaveMessageForm';
import { useLiveScreen } from '../components/room/useLiveScreen';

const time = (s: number) => new Date(s * 1000).toLocaleString('zh-CN', { timeZone: 'Asia/Shanghai', hour12: false });

/** LeaveMessagePage?liveid=: leave a question for a live's presenters and read the others. */
export default function LeaveMessagePageScreen() {
  const { liveId, room, opened } = useLiveScreen('messages');
  return (
    <LiveScreenFrame liveId={liveId} room={room} opened={opened}>
      {(o) => (
        <>
          <h1 className="live-head__title">{o.live.title}</h1>
          <LeaveMessageForm />
          <section className="live-section" aria-label="全部留言">
            <h2>全部留言</h2>
            {room.leaveList.status === 'failed' && <p role="alert">{room.leaveList.error?.message}</p>}
            {room.leaveList.data?.length === 0 && <p className="live-empty">还没有留言</p>}
            <ol className="messages" data-testid="leave-list">
              {(room.leaveList.data ?? []).map((m) => (
                <li key={m.id} className="message">
                  <span className="message__who">{m.real_name || '游客'} · {time(m.created_at)}</span>
                  <span className="message__text">{m.content}</span>
                </li>
              ))}
            </ol>
          </section>
        </>
      )}
    </LiveScreenFrame>
  );
}
