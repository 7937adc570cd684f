import { Link } from 'react-router-dom';

import type { ChatMessage } from '../../../../api/contract/chat-room';
import type { OpenedLive } from '../../store/room-selectors';
import type { HomeLiveRow } from '../../store/selectors';
import { LiveCard } from '../LiveCard';

import { getHref } from '@/routes';

const ROLE_LABEL: Record<ChatMessage['sender_role'], string> = { presenter: '主讲', assistant: '助理', viewer: '' };

/** Chat and left messages, as text (React escapes it; nothing is parsed as HTML). */
export function MessageList({ messages }: { messages: ChatMessage[] }) {
  if (messages.length === 0) return <p className="live-empty">还没有消息，来说第一句吧</p>;
  return (
    <ol className="messages" aria-label="互动消息" data-testid="messages">
      {messages.map((m) => (
        <li key={m.id} className={`message message--${m.sender_role}`}>
          <span className="message__who">
            {ROLE_LABEL[m.sender_role] && <em>{ROLE_LABEL[m.sender_role]}</em>}
            {m.sender_name}
            {m.kind === 'leave' && <em className="message__kind">留言</em>}
          </span>
          <span className="message__text">{m.content}</span>
        </li>
      ))}
    </ol>
  );
}

function rowHref(row: HomeLiveRow) {
  return row.target === 'liveEnd'
    ? getHref('liveEnd', { liveid: String(row.id) })
    : getHref('about', { liveid: String(row.id) }, { from: 'weapp' });
}

export function LiveRows({ rows, label }: { rows: HomeLiveRow[]; label: string }) {
  if (rows.length === 0) return <p className="live-empty">暂无相关直播</p>;
  return (
    <section className="home-list" aria-label={label}>
      {rows.map((row) => (
        <LiveCard key={row.id} row={row} href={rowHref(row)} />
      ))}
    </section>
  );
}

/** Where the primary action of a live leads, by status. */
export function WatchLink({ opened }: { opened: OpenedLive }) {
  const id = String(opened.live.num_index);
  if (opened.live.status === 1) {
    return (
      <Link className="live-cta" to={getHref('liveDetail', { liveid: id })} data-testid="enter-room">
        进入直播间 · {opened.onlines}人在线
      </Link>
    );
  }
  if (opened.live.status === 3) {
    return (
      <Link className="live-cta" to={getHref('playBack', { liveid: id })} data-testid="watch-replay">
        观看回放
      </Link>
    );
  }
  return null;
}
