import Button from 'antd-mobile/es/components/button';
import { useEffect } from 'react';
import { Link } from 'react-router-dom';

import type { ChatMessage } from '../../../../api/contract/chat-room';
import type { LiveProduct } from '../../../../api/contract/live-room';
import { CoverImage } from '../../../../ui/CoverImage';
import type { SubscribeChannel } from '../../live-room-api';
import { liveNoticeDismissed, liveSubscribeRequested } from '../../store/lives-slice';
import type { OpenedLive } from '../../store/room-selectors';
import type { HomeLiveRow } from '../../store/selectors';
import { selectLiveNotice } from '../../store/selectors';
import { LiveCard } from '../LiveCard';

import { getHref } from '@/routes';
import { useAppDispatch, useAppSelector } from '@/store';
import { RiskChip } from '@/ui/RiskChip';
import { RiskDisclosure } from '@/ui/RiskDisclosure';

/** Cover, status tag, title and the status line (start time / online / playbacks). */
export function LiveHeader({ opened }: { opened: OpenedLive }) {
  const { live, row, startsAt, countdown } = opened;
  return (
    <header className="live-head">
      <div className="live-head__cover">
        <CoverImage src={live.cover} sizes="100vw" width={640} height={360} />
        <span className={`live-card__tag live-card__tag--${row.tone}`} data-testid="live-tag" data-status={row.tone}>
          {row.tag}
        </span>
      </div>
      <h1 className="live-head__title">{live.title}</h1>
      <p className="live-head__meta">
        <span>开播时间 {startsAt}</span>
        <span data-testid="live-count">{row.count}</span>
      </p>
      {countdown && (
        <p className="live-head__countdown" data-testid="countdown">
          距开播 <strong>{countdown}</strong>
        </p>
      )}
      {opened.stage === 'starting' && (
        <p className="live-head__countdown" data-testid="host-late" role="status">
          主播即将开始
        </p>
      )}
    </header>
  );
}

export function Presenters({ opened }: { opened: OpenedLive }) {
  if (opened.extras.presenters.length === 0) return null;
  return (
    <section className="live-section" aria-label="主讲嘉宾">
      <h2>主讲嘉宾</h2>
      <ul className="presenters">
        {opened.extras.presenters.map((p) => (
          <li key={p.id} className="presenter">
            <img src={p.avatar} alt="" width={48} height={48} />
            <div>
              <p className="presenter__name">
                {p.name} <span>{p.title}</span>
              </p>
              <p className="presenter__bio">{p.bio}</p>
            </div>
          </li>
        ))}
      </ul>
    </section>
  );
}

/** Subscribe / cancel for an upcoming live; the tag flips at once and rolls back on failure. */
export function SubscribeButton({ opened, channel }: { opened: OpenedLive; channel: SubscribeChannel }) {
  const dispatch = useAppDispatch();
  const { live, pending } = opened;
  if (live.status !== 2) return null;
  const subscribed = live.is_subscribe !== 0;
  // Until the viewer's own subscription is read (after a public server render) the button waits, so a subscriber
  // is never offered 立即预约 a moment before 已预约.
  const known = opened.tagsKnown;
  return (
    <Button
      block
      color={subscribed || !known ? 'default' : 'primary'}
      shape="rounded"
      data-testid="subscribe"
      aria-pressed={known ? subscribed : undefined}
      loading={pending || !known}
      loadingText={known ? undefined : '正在读取预约状态'}
      disabled={!known}
      onClick={() => void dispatch(liveSubscribeRequested({ liveId: live.num_index, subscribe: !subscribed, channel }))}
    >
      {subscribed ? '已预约（点击取消）' : '立即预约'}
    </Button>
  );
}

/** The last subscribe outcome, as a dismissible line (role=status for success, alert for failure). */
export function NoticeBar() {
  const dispatch = useAppDispatch();
  const notice = useAppSelector(selectLiveNotice);
  useEffect(() => () => void dispatch(liveNoticeDismissed()), [dispatch]);
  if (!notice) return null;
  return (
    <p className={`live-notice live-notice--${notice.tone}`} role={notice.tone === 'error' ? 'alert' : 'status'}>
      {notice.text}
      <button type="button" onClick={() => void dispatch(liveNoticeDismissed())} aria-label="关闭提示">
        ×
      </button>
    </p>
  );
}

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

const KIND_LABEL: Record<LiveProduct['kind'], string> = {
  public: '公募',
  private: '私募',
  insurance: '保险',
  activity: '活动',
};

export function ProductList({ title, products }: { title: string; products: LiveProduct[] }) {
  if (products.length === 0) return null;
  return (
    <section className="live-section" aria-label={title}>
      <h2>{title}</h2>
      <ul className="products">
        {products.map((p) => (
          <li key={p.id} className="product">
            <span className="product__kind">{KIND_LABEL[p.kind]}</span>
            <div>
              <p className="product__name">{p.name}</p>
              <p className="product__meta">
                {p.risk_level && <RiskChip level={p.risk_level} />} {p.highlight}
              </p>
            </div>
          </li>
        ))}
      </ul>
      {products.some((p) => p.risk_level) && <RiskDisclosure />}
    </section>
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
