import { Link } from 'react-router-dom';

import type { ShareUserInfo } from '@/api/contract/invitation';
import { routes } from '@/routes';

const linkStyle = { lineHeight: '44px', textDecoration: 'none' } as const;

/**
 * What a member sees on an invitation link, their own or someone else's: they are a member already, so no
 * registration form (registering again would only be refused); the way to their own invitations and to 我的.
 */
export function MemberLanding({ info }: { info: ShareUserInfo }) {
  return (
    <main className="inv">
      <section className="inv-card inv-hero" data-testid="member-landing">
        <h1 data-testid="inviter">
          {info.isSelf ? '这是你自己的邀请链接' : `你已是财富会员，${info.inviterName} 的邀请无需再注册`}
        </h1>
        <p>
          {info.isSelf ? '把它分享给好友：好友通过它注册，你可获得积分奖励。' : '邀请好友注册，你也可以获得积分奖励。'}
        </p>
      </section>
      <section className="inv-card">
        <Link className="inv-btn inv-btn--block inv-center" style={linkStyle} to={routes.record.getHref()}>
          {info.isSelf ? '查看我的邀请记录' : '邀请好友，查看我的邀请'}
        </Link>
        <Link
          className="inv-btn inv-btn--ghost inv-btn--block inv-center"
          style={{ ...linkStyle, marginTop: 12 }}
          to={routes.mine.getHref()}
        >
          进入我的
        </Link>
      </section>
      <p className="inv-center">
        <Link to={routes.rules.getHref()}>查看活动规则</Link>
      </p>
    </main>
  );
}
