import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';

import './BottomBar.css';

export interface BottomBarItem {
  key: string;
  title: string;
  icon: ReactNode;
  /** Address the tab opens; built from the route table by the caller. */
  href: string;
  /** A small count or dot beside the title (unread, new cards); omitted when there is nothing to say. */
  badge?: string;
}

interface Props {
  /** What the bar is for, read by screen readers ("主导航"). */
  label: string;
  items: readonly BottomBarItem[];
  activeKey: string | null;
}

/**
 * The tabs at the foot of an area, as a mini-program's tab bar: plain links (so back, long-press and
 * screen readers behave as for any link), the current one marked with aria-current. A spacer of the
 * bar's height sits in the flow so the last row of a page is never hidden behind it, and the bar's
 * height never changes, so nothing moves after a tap.
 */
export function BottomBar({ label, items, activeKey }: Props) {
  return (
    <>
      <div className="bottom-bar__spacer" aria-hidden="true" />
      <nav className="bottom-bar" aria-label={label}>
        {items.map((item) => {
          const active = item.key === activeKey;
          return (
            <Link
              key={item.key}
              to={item.href}
              className={active ? 'bottom-bar__item bottom-bar__item--active' : 'bottom-bar__item'}
              aria-current={active ? 'page' : undefined}
              data-tab={item.key}
            >
              <span className="bottom-bar__icon" aria-hidden="true">
                {item.icon}
              </span>
              <span className="bottom-bar__title">{item.title}</span>
              {item.badge ? <span className="bottom-bar__badge">{item.badge}</span> : null}
            </Link>
          );
        })}
      </nav>
    </>
  );
}
