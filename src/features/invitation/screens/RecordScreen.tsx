import { useEffect, useState } from 'react';
import { Link } from 'react-router-dom';
import { routes } from '@/routes';
import { useAppDispatch, useAppSelector } from '@/store';
import { ErrorBlock } from '../../../ui/ErrorBlock';
import { InviteEntry } from '../components/InviteEntry';
import { FriendsList, GiftsList, Skeleton } from '../components/RecordLists';
import { invitationEvents as ev, selectFriends, selectGifts, selectMe } from '../store/invitationSlice';
import './invitation.css';

/** /record: the invite entry (my link, poster, share) and my invitations and rewards. */
export default function RecordScreen() {
  const dispatch = useAppDispatch();
  const me = useAppSelector(selectMe);
  const friends = useAppSelector(selectFriends);
  const gifts = useAppSelector(selectGifts);
  const [tab, setTab] = useState<'friends' | 'gifts'>('friends');
  const reload = () => void dispatch(ev.recordOpened());
  useEffect(() => {
    dispatch(ev.recordOpened());
  }, [dispatch]);

  if (me.status === 'failed' && !me.info) {
    return (
      <ErrorBlock status="disconnected" title="邀请记录加载失败" description={me.error ?? '请稍后重试'} fullPage>
        <button type="button" className="inv-btn" onClick={reload}>
          重试
        </button>
      </ErrorBlock>
    );
  }
  return (
    <main className="inv">
      {me.info ? <InviteEntry me={me.info} /> : <Skeleton />}
      <div className="inv-row">
        <Link to={routes.rules.getHref()} className="inv-btn inv-btn--ghost" style={{ lineHeight: '44px', textDecoration: 'none' }}>
          活动规则
        </Link>
        <button type="button" className="inv-btn inv-btn--ghost" onClick={reload} disabled={me.status === 'loading'}>
          {me.status === 'loading' ? '刷新中…' : '刷新'}
        </button>
      </div>
      <div className="inv-tabs" role="tablist">
        <button type="button" role="tab" aria-selected={tab === 'friends'} onClick={() => setTab('friends')}>
          邀请记录{friends.total ? `（${friends.total}）` : ''}
        </button>
        <button type="button" role="tab" aria-selected={tab === 'gifts'} onClick={() => setTab('gifts')}>
          我的奖励
        </button>
      </div>
      <section className="inv-card">
        {tab === 'friends' ? (
          <FriendsList list={friends} onMore={() => void dispatch(ev.friendsMoreRequested())} onRetry={reload} />
        ) : (
          <GiftsList list={gifts} onMore={() => void dispatch(ev.giftsMoreRequested())} onRetry={reload} />
        )}
      </section>
    </main>
  );
}
