import { CUSTOMER_TAB_OF } from './bar-tabs';

import { type RouteName, routes } from '@/routes';
import { BottomBar, type BottomBarItem } from '@/ui/BottomBar';

const icon = (d: string) => (
  <svg viewBox="0 0 24 24" width="22" height="22" fill="none" stroke="currentColor" strokeWidth="1.8">
    <path d={d} strokeLinejoin="round" strokeLinecap="round" />
  </svg>
);

const ITEMS: readonly BottomBarItem[] = [
  { key: 'lives', title: '直播', href: routes.home.getHref(), icon: icon('M3 6h18v12H3zM10 9.5v5l4.5-2.5z') },
  {
    key: 'store',
    title: '商城',
    href: routes.shopIndex.getHref(),
    icon: icon('M4 8h16l-1.5 12h-13zM9 8a3 3 0 0 1 6 0'),
  },
  {
    key: 'invite',
    title: '邀请',
    href: routes.record.getHref(),
    icon: icon('M4 9h16v11H4zM12 9v11M3 6h18v3H3zM12 6c-2-4-6-2-3 0M12 6c2-4 6-2 3 0'),
  },
  {
    key: 'mine',
    title: '我的',
    href: routes.mine.getHref(),
    icon: icon('M12 12a4 4 0 1 0 0-8 4 4 0 0 0 0 8zM4 21c1-4 4-6 8-6s7 2 8 6'),
  },
];

/** The customer's tab bar, the same for visitors and signed-in customers. */
export default function CustomerBar({ routeName }: { routeName: RouteName }) {
  return <BottomBar label="主导航" items={ITEMS} activeKey={CUSTOMER_TAB_OF[routeName] ?? null} />;
}
