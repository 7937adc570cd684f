import Button from 'antd-mobile/es/components/button';

import { formatCount } from '../../../../lib/format';
import { type LiveRoomState, roomPreviewRetried } from '../../store/live-room-slice';

import { useAppDispatch } from '@/store';

/** The room's chat at a glance (/chat-room/room/preview + its latest messages), as plain text. */
export function RoomPreview({ preview }: { preview: LiveRoomState['preview'] }) {
  const dispatch = useAppDispatch();
  return (
    <section className="live-section" aria-label="聊天室回顾" data-testid="room-preview">
      <h2>聊天室回顾</h2>
      {preview.status === 'loading' || preview.status === 'idle' ? (
        <p className="live-empty">聊天室内容加载中…</p>
      ) : preview.status === 'failed' ? (
        <div role="alert">
          <p>聊天室内容加载失败：{preview.error?.message}</p>
          <Button size="small" onClick={() => void dispatch(roomPreviewRetried())} data-testid="room-preview-retry">
            重试
          </Button>
        </div>
      ) : preview.data && preview.data.recent.length > 0 ? (
        <>
          <p className="live-text">共 {formatCount(preview.data.summary.message_count)} 条互动，以下是最近的消息</p>
          <ol className="messages" aria-label="最近消息">
            {preview.data.recent.map((m) => (
              <li key={m.id} className="message">
                <span className="message__who">{m.sender_name}</span>
                <span className="message__text">{m.content}</span>
              </li>
            ))}
          </ol>
        </>
      ) : (
        <p className="live-empty">本场直播没有聊天消息</p>
      )}
    </section>
  );
}
