import type { PagedState } from '../store/invitation-slice';
import { Failed, More, Skeleton } from './ListStates';

import type { FriendItem, GiftItem } from '@/api/contract/invitation';
import {
  FLAG_RULE_LABELS,
  REWARD_KIND_LABELS,
  REWARD_STATE_LABELS,
  VOID_REASON_LABELS,
} from '@/api/contract/invitation-constants';
import { describeFriend } from '@/lib/invitation-row';

const day = (s: number) =>
  new Date(s * 1000).toLocaleDateString('zh-CN', {
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
  });

/** Still waiting for a first page (a refresh keeps what is shown until the new page arrives). */
const waiting = <T,>(list: PagedState<T>) =>
  (list.status === 'loading' || list.status === 'idle') && list.items.length === 0;

export function FriendsList({
  list,
  onMore,
  onRetry,
}: {
  list: PagedState<FriendItem>;
  onMore: () => void;
  onRetry: () => void;
}) {
  if (waiting(list)) return <Skeleton />;
  if (list.status === 'failed') return <Failed message={list.error} onRetry={onRetry} />;
  if (list.items.length === 0) return <p className="inv-empty">还没有好友通过你的链接注册，分享你的邀请链接试试吧</p>;
  return (
    <>
      <ul className="inv-list" aria-label="邀请记录">
        {list.items.map((f) => {
          const row = describeFriend(f);
          return (
            <li key={f.id} className="inv-item" data-testid="friend">
              <div>
                <span data-testid="friend-phone">{row.who}</span> {row.name && <span>{row.name}</span>}
                <small>{row.when}</small>
                {f.voidReason && <small>原因：{VOID_REASON_LABELS[f.voidReason]}</small>}
                {f.flags.map((r) => (
                  <small key={r} className="inv-flag" data-testid="friend-flag">
                    {FLAG_RULE_LABELS[r]}
                  </small>
                ))}
              </div>
              <span className={`inv-state inv-state--${f.state}`} data-testid="friend-state">
                {row.state}
              </span>
            </li>
          );
        })}
      </ul>
      <More list={list} onMore={onMore} />
    </>
  );
}

export function GiftsList({
  list,
  onMore,
  onRetry,
}: {
  list: PagedState<GiftItem> & { pendingPoints: number; grantedPoints: number };
  onMore: () => void;
  onRetry: () => void;
}) {
  if (waiting(list)) return <Skeleton />;
  if (list.status === 'failed') return <Failed message={list.error} onRetry={onRetry} />;
  return (
    <>
      <p>
        已发放 <b>{list.grantedPoints}</b> 积分 · 待发放 <b>{list.pendingPoints}</b> 积分
      </p>
      {list.items.length === 0 ? (
        <p className="inv-empty">暂无奖励。好友注册、实名或完成学习任务后，奖励会出现在这里</p>
      ) : (
        <ul className="inv-list" aria-label="我的奖励">
          {list.items.map((g) => (
            <li key={g.id} className="inv-item">
              <div>
                {REWARD_KIND_LABELS[g.kind]} +{g.points}
                <small>
                  {g.friendPhone ? `好友 ${g.friendPhone} · ` : ''}
                  {day(g.createdAt)}
                </small>
                {g.voidReason && <small>原因：{VOID_REASON_LABELS[g.voidReason]}</small>}
              </div>
              <span className={`inv-state inv-state--${g.state}`}>{REWARD_STATE_LABELS[g.state]}</span>
            </li>
          ))}
        </ul>
      )}
      <More list={list} onMore={onMore} />
    </>
  );
}
