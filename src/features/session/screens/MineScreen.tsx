import { type ReactNode, useEffect } from 'react';
import { Link } from 'react-router-dom';

import { currentContext } from '../../../platform/context';
import { signInHref } from '../sign-in-href';
import { logoutRequested, mineOpened } from '../store/login-slice';
import { selectLoginView } from '../store/selectors';

import './MineScreen.css';

import { routes } from '@/routes';
import { useAppDispatch, useAppSelector } from '@/store';

/** What a signed-in customer keeps here, each opening the page that lists it. */
const ENTRIES = [
  { key: 'bookings', title: '我的预约', note: '已预约的直播，开播前提醒你', href: routes.home.getHref() },
  {
    key: 'questions',
    title: '我的提问',
    note: '提问与专家回答的审核进度',
    href: routes.questionList.getHref({}, { tab: 'mine' }),
  },
  {
    key: 'follows',
    title: '我的关注',
    note: '关注的专家和他们的观点',
    href: routes.expertMore.getHref({}, { kind: 'followed' }),
  },
  { key: 'invitations', title: '我的邀请', note: '邀请记录与奖励状态', href: routes.record.getHref() },
] as const;

function Entries() {
  return (
    <ul className="mine-list" aria-label="我的内容">
      {ENTRIES.map((e) => (
        <li key={e.key}>
          <Link className="mine-entry" to={e.href} data-entry={e.key}>
            <span className="mine-entry-title">{e.title}</span>
            <span className="mine-entry-note">{e.note}</span>
            <span className="mine-entry-arrow" aria-hidden="true">
              ›
            </span>
          </Link>
        </li>
      ))}
    </ul>
  );
}

/**
 * 我的: the signed-in customer's bookings, questions, follows, invitations and sign-out; a visitor is asked to sign
 * in. `lists`: those lists inline (composed by the app from the mine feature); without them, links to each page.
 */
export default function MineScreen({ lists }: { lists?: ReactNode }) {
  const dispatch = useAppDispatch();
  const view = useAppSelector(selectLoginView);
  useEffect(() => {
    dispatch(mineOpened());
  }, [dispatch]);

  if (!view.accountChecked) return <main className="mine" aria-busy="true" />;
  if (!view.account)
    return (
      <main className="mine">
        <h1 className="mine-title">我的</h1>
        <section className="mine-card" aria-labelledby="mine-visitor">
          <h2 id="mine-visitor" className="mine-name">
            你还未登录
          </h2>
          <p className="mine-note">登录后查看你的直播预约、提问、关注和邀请记录</p>
          {/* In place of 我的, so once signed in back leaves 我的 in one press; inside WeChat, WeChat's own sign-in. */}
          <Link className="mine-button" to={signInHref(currentContext(), routes.mine.getHref())} replace>
            登录 / 注册
          </Link>
        </section>
        <Link className="mine-entry" to={routes.rules.getHref()}>
          <span className="mine-entry-title">邀请活动规则</span>
          <span className="mine-entry-arrow" aria-hidden="true">
            ›
          </span>
        </Link>
      </main>
    );
  return (
    <main className="mine">
      <h1 className="mine-title">我的</h1>
      <section className="mine-card" aria-label="我的账号" data-testid="mine-account">
        <span className="mine-name">{view.account.name}</span>
        <span className="mine-note">{view.account.phone ?? '已登录'}</span>
      </section>
      {lists ?? <Entries />}
      <button type="button" className="mine-logout" disabled={view.leaving} onClick={() => dispatch(logoutRequested())}>
        {view.leaving ? '正在退出…' : '退出登录'}
      </button>
    </main>
  );
}
