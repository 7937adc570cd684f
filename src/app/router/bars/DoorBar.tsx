import type { MouseEvent } from 'react';
import { Link, useLocation, useNavigate } from 'react-router-dom';

import { DOOR_BACK_TO } from './bar-tabs';

import { type RouteName, routes } from '@/routes';

const DOORS = [
  { key: 'lives', title: '直播', href: routes.home.getHref() },
  { key: 'store', title: '商城', href: routes.shopIndex.getHref() },
  { key: 'invite', title: '邀请', href: routes.record.getHref() },
  { key: 'mine', title: '我的', href: routes.mine.getHref() },
] as const;

/**
 * The top strip of a page a shared link opens: 返回, and the four places the tab bar leads to, in a line.
 * Most people arrive on these pages from a chat, with nothing behind them in this tab: there 返回 goes to
 * the page's list (replacing the page, so the chat's own back still leaves); after a move inside the app it
 * is the browser's back. 返回 is a real link to the list, so it works before the page's script has run.
 */
export default function DoorBar({ routeName }: { routeName: RouteName }) {
  const navigate = useNavigate();
  // React Router gives the first location of a visit the key "default": nothing in the app lies behind it.
  const cold = useLocation().key === 'default';
  const list = routes[DOOR_BACK_TO[routeName] ?? 'home'].getHref();
  const back = (event: MouseEvent<HTMLAnchorElement>) => {
    if (cold) return;
    event.preventDefault();
    void navigate(-1);
  };
  return (
    <nav className="door-bar" aria-label="主导航">
      <Link className="door-bar__back" to={list} replace onClick={back} data-door="back">
        <svg aria-hidden="true" width="18" height="18" viewBox="0 0 24 24">
          <path d="M15 5l-7 7 7 7" fill="none" stroke="currentColor" strokeWidth="2" />
        </svg>
        返回
      </Link>
      <span className="door-bar__doors">
        {DOORS.map((door) => (
          <Link key={door.key} className="door-bar__door" to={door.href} data-tab={door.key}>
            {door.title}
          </Link>
        ))}
      </span>
    </nav>
  );
}
