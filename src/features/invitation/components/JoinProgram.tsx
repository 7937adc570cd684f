import { Link } from 'react-router-dom';

import { invitationEvents as ev, selectMe } from '../store/invitation-slice';

import { REWARD_KIND_LABELS, REWARD_KINDS, REWARD_POINTS } from '@/api/contract/invitation-constants';
import { routes } from '@/routes';
import { useAppDispatch, useAppSelector } from '@/store';

/**
 * /record for someone not in the program: what it is and what it gives, and 加入. Membership is by choice, so
 * opening the page enrols no one; the tap is the one request that does.
 */
export function JoinProgram() {
  const dispatch = useAppDispatch();
  const me = useAppSelector(selectMe);
  const joining = me.status === 'joining';
  return (
    <main className="inv" data-testid="join-program">
      <h1>会员邀请计划</h1>
      <section className="inv-card">
        <p>加入后你会得到专属邀请链接和海报，好友通过你的链接注册，你们都能获得积分奖励。</p>
        <ul className="inv-ol">
          {REWARD_KINDS.map((kind) => (
            <li key={kind}>
              {REWARD_KIND_LABELS[kind]}：{REWARD_POINTS[kind]} 积分
            </li>
          ))}
        </ul>
        <p className="inv-note">奖励与购买任何理财产品无关；加入免费，不会向好友推送你的个人信息。</p>
      </section>
      {me.error && (
        <p className="inv-error" role="alert">
          {me.error}，请再点一次「加入」
        </p>
      )}
      <button
        type="button"
        className="inv-btn inv-btn--block"
        disabled={joining}
        onClick={() => dispatch(ev.joinRequested())}
      >
        {joining ? '加入中…' : '加入'}
      </button>
      <p className="inv-center">
        <Link to={routes.rules.getHref()}>查看活动规则</Link>
      </p>
    </main>
  );
}
