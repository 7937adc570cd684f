import { type ReactNode, useCallback, useEffect } from 'react';

import { selectStaffList } from '../store/selectors';
import { type StaffList, type StaffListName, staffListRequested, type StaffLists } from '../store/staff-slice';

import '../../../ui/button.css';
import './staff.css';

import type { RootState } from '@/store';
import { useAppDispatch, useAppSelector, useRefresh } from '@/store';
import { ErrorBlock } from '@/ui/ErrorBlock';
import { PullRefresh, type RefreshOutcome } from '@/ui/PullRefresh';

/** One desk list: its first load on mount, pull to refresh, a next page on tap, and each state with a way on. */
export function useDeskList<N extends StaffListName>(name: N, load = true) {
  const dispatch = useAppDispatch();
  const list = useAppSelector((s: RootState) => selectStaffList(s, name)) as StaffList<StaffLists[N]>;
  useEffect(() => {
    if (load) dispatch(staffListRequested({ list: name, mode: 'first' }));
  }, [dispatch, name, load]);
  const refresh = useCallback(() => dispatch(staffListRequested({ list: name, mode: 'refresh' })), [dispatch, name]);
  const more = useCallback(() => dispatch(staffListRequested({ list: name, mode: 'more' })), [dispatch, name]);
  const pull = useRefresh(refresh, (state) => [selectStaffList(state, name)]);
  return { list, refresh, more, pull };
}

interface DeskListProps<T> {
  list: StaffList<T>;
  refresh(): void;
  more(): void;
  /** Pull to refresh: settles with the list's own outcome. */
  pull(): Promise<RefreshOutcome>;
  empty: { title: string; description?: string };
  failedTitle: string;
  children: (item: T) => ReactNode;
}

export function DeskList<T>({ list, refresh, more, pull, empty, failedTitle, children }: DeskListProps<T>) {
  let body: ReactNode;
  if ((list.status === 'loading' || list.status === 'idle') && list.items.length === 0) {
    body = (
      <p className="st-status" role="status" aria-busy="true">
        加载中…
      </p>
    );
  } else if (list.status === 'failed') {
    body = (
      <ErrorBlock status="disconnected" title={failedTitle} description={list.error ?? ''}>
        <button type="button" className="ui-btn" onClick={refresh}>
          重试
        </button>
      </ErrorBlock>
    );
  } else if (list.items.length === 0) {
    body = <ErrorBlock status="empty" title={empty.title} description={empty.description ?? '下拉可刷新'} />;
  } else {
    body = (
      <>
        {(list.status === 'loading' || list.status === 'refreshing') && (
          <p className="st-foot" role="status">
            正在刷新…
          </p>
        )}
        {list.items.map(children)}
        {list.status === 'loading' || list.status === 'refreshing' ? null : list.status === 'loadingMore' ? (
          <p className="st-foot" role="status">
            加载中…
          </p>
        ) : list.error ? (
          <button type="button" className="st-more" onClick={list.next !== null ? more : refresh}>
            {list.error}，点击重试
          </button>
        ) : list.next !== null ? (
          <button type="button" className="st-more" onClick={more}>
            加载更多
          </button>
        ) : (
          <p className="st-foot">没有更多了</p>
        )}
      </>
    );
  }
  return <PullRefresh onRefresh={pull}>{body}</PullRefresh>;
}

/** Tabs with 44 px targets; the selected one is marked for assistive technology too. */
export function DeskTabs<K extends string>({
  tabs,
  value,
  onChange,
}: {
  tabs: ReadonlyArray<[K, string]>;
  value: K;
  onChange(k: K): void;
}) {
  return (
    <div className="st-tabs" role="tablist">
      {tabs.map(([key, label]) => (
        <button key={key} type="button" role="tab" aria-selected={value === key} onClick={() => onChange(key)}>
          {label}
        </button>
      ))}
    </div>
  );
}

/** yyyy-mm-dd hh:mm in the phone's time. */
export function when(ms: number): string {
  const d = new Date(ms);
  const p = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${p(d.getMonth() + 1)}-${p(d.getDate())} ${p(d.getHours())}:${p(d.getMinutes())}`;
}
