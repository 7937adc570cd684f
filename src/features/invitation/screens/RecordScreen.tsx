import { useEffect, useState } from 'react';
import { Link } from 'react-router-dom';

import { ErrorBlock } from '../../../ui/ErrorBlock';
import { IdentityForm } from '../components/IdentityForm';
import { InviteEntry } from '../components/InviteEntry';
import { JoinProgram } from '../components/JoinProgram';
import { LearningTasks } from '../components/LearningTasks';
import { Skeleton } from '../components/ListStates';
import { FriendsList, GiftsList } from '../components/RecordLists';
import {
  invitationEvents as ev,
  selectFriends,
  selectGifts,
  selectMe,
  selectRecordBusy,
  selectRecordParts,
} from '../store/invitation-slice';

import './invitation.css';

import { routes } from '@/routes';
import { useAppDispatch, useAppSelector, useRefresh } from '@/store';
// This screen is a lazy chunk of its own, so the UI kit's gesture code comes with it and never with the home route.
import { PullRefresh } from '@/ui/PullRefresh';

type Tab = 'friends' | 'gifts' | 'tasks';
const TABS: Array<[Tab, string]> = [
  ['friends', '邀请记录'],
  ['gifts', '我的奖励'],
  ['tasks', '学习任务'],
];

/** /record: the invite entry (my link, poster, share), identity verification, my invitations, rewards and learning tasks. */
export default function RecordScreen() {
  const dispatch = useAppDispatch();
  const me = useAppSelector(selectMe);
  const friends = useAppSelector(selectFriends);
  const gifts = useAppSelector(selectGifts);
  const busy = useAppSelector(selectRecordBusy);
  const [tab, setTab] = useState<Tab>('friends');
  const reload = () => void dispatch(ev.recordOpened());
  const onRefresh = useRefresh(() => dispatch(ev.recordOpened()), selectRecordParts);
  useEffect(() => {
    dispatch(ev.recordOpened());
  }, [dispatch]);

  if (me.status === 'notJoined' || me.status === 'joining') return <JoinProgram />;
  if (me.status === 'failed' && !me.info) {
    return (
      <ErrorBlock status="disconnected" title="邀请记录加载失败" description={me.error ?? '请稍后重试'} fullPage>
        <button type="button" className="inv-btn" onClick={reload}>
          重试
        </button>
      </ErrorBlock>
    );
  }
  const body = (
    <main className="inv">
      {me.info ? <InviteEntry me={me.info} /> : <Skeleton />}
      {me.status === 'failed' && (
        <p className="inv-error" role="alert">
          {me.error ?? '刷新失败'}，下拉或点「刷新」重试
        </p>
      )}
      {me.info && !me.info.verified && <IdentityForm verified={false} idNumber={null} folded />}
      <div className="inv-row">
        <Link to={routes.rules.getHref()} className="inv-btn inv-btn--ghost inv-btn--link">
          活动规则
        </Link>
        <button type="button" className="inv-btn inv-btn--ghost" onClick={reload} disabled={busy}>
          {busy ? '刷新中…' : '刷新'}
        </button>
      </div>
      <div className="inv-tabs" role="tablist">
        {TABS.map(([key, label]) => (
          <button key={key} type="button" role="tab" aria-selected={tab === key} onClick={() => setTab(key)}>
            {label}
          </button>
        ))}
      </div>
      <section className="inv-card">
        {tab === 'friends' && (
          <FriendsList list={friends} onMore={() => void dispatch(ev.friendsMoreRequested())} onRetry={reload} />
        )}
        {tab === 'gifts' && (
          <GiftsList list={gifts} onMore={() => void dispatch(ev.giftsMoreRequested())} onRetry={reload} />
        )}
        {tab === 'tasks' && <LearningTasks onRetry={reload} />}
      </section>
    </main>
  );
  return <PullRefresh onRefresh={onRefresh}>{body}</PullRefresh>;
}
