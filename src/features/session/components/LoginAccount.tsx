import { Link } from 'react-router-dom';

import { logoutRequested } from '../store/login-slice';
import type { StaffDesk } from '../store/types';
import type { LoginView } from './use-login-form';

import { getHref } from '@/routes';
import { useAppDispatch } from '@/store';

/** The staff desks' entries, by the role on the employee record (the desks' titles in the route table). */
const DESK_LABELS: Record<StaffDesk, string> = {
  expertAnswers: '专家回答',
  reviewDesk: '审核台',
  complianceLog: '合规记录',
};

/** Signed in already: the account, the staff desks the role opens, home and logout. */
export function LoginAccount({ account, leaving }: { account: NonNullable<LoginView['account']>; leaving: boolean }) {
  const dispatch = useAppDispatch();
  return (
    <section className="login" aria-labelledby="account-title">
      <h1 id="account-title">我的账号</h1>
      <div className="login-account" data-testid="login-account">
        <span className="login-account-name">{account.name}</span>
        <span className="login-account-note">{account.phone ?? '已登录'}</span>
      </div>
      {account.desks && (
        <nav className="login-desks" aria-label="我的工作">
          {account.desks.map((desk) => (
            <Link key={desk} className="login-submit login-link login-desk" to={getHref(desk)}>
              {DESK_LABELS[desk]}
            </Link>
          ))}
        </nav>
      )}
      <Link className="login-submit login-link" to={getHref('home')}>
        返回首页
      </Link>
      <button type="button" className="login-logout" disabled={leaving} onClick={() => dispatch(logoutRequested())}>
        {leaving ? '正在退出…' : '退出登录'}
      </button>
    </section>
  );
}
