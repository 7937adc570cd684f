import { Link } from 'react-router-dom';

import { selectWorkbenchFilter } from '../store/workbench-selectors';
import { workbenchTabChosen } from '../store/workbench-slice';
import type { WorkbenchTab } from '../store/workbench-types';

import { routes } from '@/routes';
import { useAppDispatch, useAppSelector } from '@/store';

const TABS: ReadonlyArray<{ tab: WorkbenchTab; name: string }> = [
  { tab: 'today', name: '今日' },
  { tab: 'chance', name: '机会' },
  { tab: 'clue', name: '线索' },
];

/** The workbench's head: the three tabs, then the search and settings links. */
export function WorkbenchHead() {
  const dispatch = useAppDispatch();
  const filter = useAppSelector(selectWorkbenchFilter);
  return (
    <header className="mk-head">
      <nav className="mk-tabs" aria-label="工作台">
        {/* The links beside the tabs are not tabs: the tablist holds only its tabs, laid out as before. */}
        <div role="tablist" aria-label="机会与线索" style={{ display: 'contents' }}>
          {TABS.map(({ tab, name }) => (
            <button
              key={tab}
              type="button"
              role="tab"
              aria-selected={filter.tab === tab}
              onClick={() => dispatch(workbenchTabChosen({ tab }))}
            >
              {name}
            </button>
          ))}
        </div>
        <Link className="mk-icon-link" to={routes.searchIndex.getHref()} aria-label="搜索">
          搜索
        </Link>
        <Link className="mk-icon-link" to={routes.config.getHref()} aria-label="设置">
          设置
        </Link>
      </nav>
    </header>
  );
}
