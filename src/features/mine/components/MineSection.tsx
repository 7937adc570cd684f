import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';

import type { MineList } from '../store/mine-slice';

/**
 * One inline list of 我的: its title and 全部, then rows, or a placeholder of the rows' height while loading,
 * an empty line that says what would be here, or the failure with 重试.
 */
export function MineSection<T>({
  id,
  title,
  all,
  list,
  empty,
  onRetry,
  children,
}: {
  id: string;
  title: string;
  all: { href: string; label: string };
  list: MineList<T>;
  empty: ReactNode;
  onRetry: () => void;
  children: (item: T) => ReactNode;
}) {
  const waiting = (list.status === 'loading' || list.status === 'idle') && list.items.length === 0;
  return (
    <section className="mine-section" aria-labelledby={`mine-${id}`} data-list={id} aria-busy={waiting}>
      <h2 id={`mine-${id}`} className="mine-section-title">
        <span>{title}</span>
        <Link to={all.href} className="mine-all">
          {all.label} ›
        </Link>
      </h2>
      {waiting ? (
        <div className="mine-row mine-row--placeholder" role="status" aria-label="加载中" />
      ) : list.status === 'failed' && list.items.length === 0 ? (
        <div className="mine-row mine-row--failed" role="alert">
          <span>{list.error ?? '加载失败'}</span>
          <button type="button" className="mine-retry" onClick={onRetry}>
            重试
          </button>
        </div>
      ) : list.items.length === 0 ? (
        <div className="mine-row mine-row--empty">{empty}</div>
      ) : (
        <ul className="mine-rows">{list.items.map(children)}</ul>
      )}
    </section>
  );
}
