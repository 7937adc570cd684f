import { useEffect } from 'react';
import { Link } from 'react-router-dom';

import { cardRestoreRequested, ignoredListRequested } from '../store/pages-slice';
import { selectIgnored } from '../store/workbench-selectors';

import '../../shared/components/marketing.css';

import { IGNORE_REASON_NAMES } from '@/api/contract/market-map-constants';
import { formatAge, ListSkeleton, nextPageLabel, useNow } from '@/features/marketing/shared';
import { routes } from '@/routes';
import { useAppDispatch, useAppSelector } from '@/store';
import { ErrorBlock } from '@/ui/ErrorBlock';
import { RetryBlock } from '@/ui/RetryBlock';

/** 已忽略商机: ignored cards with their reasons; restoring puts one back on the workbench. */
export default function IgnoreIndexScreen() {
  const dispatch = useAppDispatch();
  const ignored = useAppSelector(selectIgnored);
  const now = useNow(ignored.status);
  useEffect(() => {
    dispatch(ignoredListRequested({ mode: 'first' }));
  }, [dispatch]);

  return (
    <main className="mk-page">
      {ignored.status === 'loading' && ignored.list.length === 0 && <ListSkeleton label="正在加载已忽略商机" />}
      {ignored.status === 'failed' && ignored.list.length === 0 && (
        <RetryBlock
          title="加载失败"
          description={ignored.error?.message}
          onRetry={() => void dispatch(ignoredListRequested({ mode: 'first' }))}
        />
      )}
      {ignored.status === 'loaded' && ignored.list.length === 0 && (
        <ErrorBlock status="empty" title="没有已忽略的商机" description="在工作台忽略的商机会出现在这里，可随时恢复" />
      )}
      {ignored.list.length > 0 && (
        <section className="mk-section" aria-label="已忽略商机">
          {ignored.list.map((c) => (
            <div className="mk-row" key={c.card_id} data-card-id={c.card_id}>
              <Link
                className="mk-row__main"
                style={{ color: 'inherit', textDecoration: 'none' }}
                to={routes.ignoreDetail.getHref(undefined, { card_id: c.card_id })}
              >
                <div>
                  {c.customer.display_name} · {c.reasons[0]?.title ?? c.reasons[0]?.category_name ?? ''}
                </div>
                <div>
                  {c.ignore_reason ? IGNORE_REASON_NAMES[c.ignore_reason] : '已忽略'}
                  {c.ignore_text ? `：${c.ignore_text}` : ''} · {c.closed_at ? formatAge(c.closed_at, now) : ''}
                </div>
              </Link>
              <button
                type="button"
                disabled={ignored.restoring.includes(c.card_id)}
                onClick={() => dispatch(cardRestoreRequested({ cardId: c.card_id }))}
              >
                {ignored.restoring.includes(c.card_id) ? '恢复中' : '恢复'}
              </button>
            </div>
          ))}
        </section>
      )}
      {ignored.list.length > 0 && (
        <div className="mk-foot">
          {ignored.cursor ? (
            <button type="button" onClick={() => dispatch(ignoredListRequested({ mode: 'more' }))}>
              {nextPageLabel(ignored.status)}
            </button>
          ) : (
            `共 ${ignored.total} 条`
          )}
        </div>
      )}
    </main>
  );
}
