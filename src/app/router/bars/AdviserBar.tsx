import { useEffect } from 'react';
import { useLocation } from 'react-router-dom';

import { ADVISER_TAB_OF } from './bar-tabs';

import { type RouteName, routes } from '@/routes';
import { type RootState, useAppDispatch, useAppSelector } from '@/store';
import { BottomBar, type BottomBarItem } from '@/ui/BottomBar';

const icon = (text: string) => <span style={{ fontSize: 18, lineHeight: 1 }}>{text}</span>;

export const ADVISER_TABS: readonly BottomBarItem[] = [
  { key: 'chance', title: '机会', icon: icon('◎'), href: routes.marketMapIndex.getHref(undefined, { tab: 'chance' }) },
  { key: 'clue', title: '线索', icon: icon('☏'), href: routes.marketMapIndex.getHref(undefined, { tab: 'clue' }) },
  { key: 'customer', title: '客户', icon: icon('☺'), href: routes.userlist.getHref() },
  { key: 'material', title: '素材', icon: icon('▤'), href: routes.materials.getHref() },
  { key: 'mine', title: '我的', icon: icon('☰'), href: routes.adviserMine.getHref() },
];

/** The workbench's tab lives in its (lazy) slice: the bar sends the same event the tab strip does, by its type. */
const TAB_CHOSEN = 'workbench/workbenchTabChosen';

/** The tab the workbench shows (its lazy slice, read without loading it): undefined until the workbench has run. */
const selectWorkbenchTab = (s: RootState) => s.workbench?.filter.tab;

/** The adviser's tab bar. 机会 and 线索 are the two tabs of the kept-alive workbench, so switching never reloads it. */
export default function AdviserBar({ routeName }: { routeName: RouteName }) {
  const dispatch = useAppDispatch();
  const { search } = useLocation();
  const wanted = new URLSearchParams(search).get('tab');
  const onWorkbench = routeName === 'marketMapIndex';
  useEffect(() => {
    if (onWorkbench && (wanted === 'chance' || wanted === 'clue'))
      dispatch({ type: TAB_CHOSEN, payload: { tab: wanted } });
  }, [dispatch, onWorkbench, wanted]);
  // The workbench's own tab strip switches in the page, without the address: the bar follows the store.
  const shown = useAppSelector(selectWorkbenchTab);
  const active = onWorkbench ? (shown ?? (wanted === 'clue' ? 'clue' : 'chance')) : (ADVISER_TAB_OF[routeName] ?? null);
  return <BottomBar label="理财师导航" items={ADVISER_TABS} activeKey={active} />;
}
