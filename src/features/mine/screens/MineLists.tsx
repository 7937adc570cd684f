import { useEffect } from 'react';
import { Link } from 'react-router-dom';

import { MineSection } from '../components/MineSection';
import { mineEvents as ev, type MineListKey, selectMineLists, selectNotJoined } from '../store/mine-slice';

import './MineLists.css';

import { businessDateTime } from '@/api/contract/dates';
import { LiveStatus } from '@/api/contract/live-constants';
import { QUESTION_STATE_LABELS } from '@/api/contract/store-constants';
import { describeFriend } from '@/lib/invitation-row';
import { routes } from '@/routes';
import { useAppDispatch, useAppSelector } from '@/store';

const LIVE_STATE: Record<number, string> = {
  [LiveStatus.live]: '直播中',
  [LiveStatus.upcoming]: '未开始',
  [LiveStatus.ended]: '已结束',
};

/** 我的's lists, inline: bookings, questions, follows and invitations of the signed-in customer. */
export default function MineLists() {
  const dispatch = useAppDispatch();
  const lists = useAppSelector(selectMineLists);
  const notJoined = useAppSelector(selectNotJoined);
  useEffect(() => {
    dispatch(ev.mineListsOpened());
  }, [dispatch]);
  const retry = (key: MineListKey) => () => dispatch(ev.mineListRetried({ key }));
  return (
    <div className="mine-lists">
      <MineSection
        id="bookings"
        title="我的预约"
        all={{ href: routes.home.getHref(), label: '看直播' }}
        list={lists.bookings}
        empty="还没有预约直播，预约后开播前会提醒你"
        onRetry={retry('bookings')}
      >
        {(l) => (
          <li key={l.num_index}>
            <Link className="mine-item" to={routes.about.getHref({ liveid: String(l.num_index) })}>
              <span className="mine-item-title">{l.title}</span>
              <span className="mine-item-note">
                {LIVE_STATE[l.status]} · {businessDateTime(l.start_time * 1000).slice(5, 16)} 开播
              </span>
            </Link>
          </li>
        )}
      </MineSection>
      <MineSection
        id="questions"
        title="我的提问"
        all={{ href: routes.questionList.getHref({}, { tab: 'mine' }), label: '全部' }}
        list={lists.questions}
        empty="还没有提问，专家会在审核后公开回答"
        onRetry={retry('questions')}
      >
        {(q) => (
          <li key={q.id}>
            <Link className="mine-item" to={routes.questionDetail.getHref({}, { id: q.id })}>
              <span className="mine-item-title">{q.content}</span>
              <span className="mine-item-note">
                {QUESTION_STATE_LABELS[q.state]} · {q.answer_count} 个回答
              </span>
            </Link>
          </li>
        )}
      </MineSection>
      <MineSection
        id="follows"
        title="我的关注"
        all={{ href: routes.expertMore.getHref({}, { kind: 'followed' }), label: '全部' }}
        list={lists.follows}
        empty="还没有关注专家，关注后可在这里看到他们"
        onRetry={retry('follows')}
      >
        {(e) => (
          <li key={e.id}>
            <Link className="mine-item" to={routes.coreMemberDetail.getHref({}, { id: e.id })}>
              <span className="mine-item-title">{e.name}</span>
              <span className="mine-item-note">{e.title}</span>
            </Link>
          </li>
        )}
      </MineSection>
      <MineSection
        id="invitations"
        title="我的邀请"
        all={{ href: routes.record.getHref(), label: notJoined ? '了解计划' : '全部' }}
        list={lists.invitations}
        empty={notJoined ? '你还没有加入邀请计划，加入后邀请好友可得积分' : '还没有好友通过你的链接注册'}
        onRetry={retry('invitations')}
      >
        {(f) => {
          const row = describeFriend(f);
          return (
            <li key={f.id} className="mine-item" data-testid="mine-friend">
              <span className="mine-item-title">
                {row.who}
                {row.name ? ` ${row.name}` : ''}
              </span>
              <span className="mine-item-note">
                <span data-testid="mine-friend-state">{row.state}</span> · {row.when}
              </span>
            </li>
          );
        }}
      </MineSection>
    </div>
  );
}
