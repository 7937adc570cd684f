import Button from 'antd-mobile/es/components/button';
import { useCallback, useEffect } from 'react';
import { Link } from 'react-router-dom';

import { formatMoney } from '../components/format';
import { useSettleWhen } from '../components/hooks';
import { ListSkeleton } from '../components/Toast';
import { type UserFilter, userListRequested } from '../store/pages-slice';
import { selectTagList, selectUsers } from '../store/selectors';
import { tagListRequested } from '../store/workbench-slice';

import '../components/marketing.css';

import { RISK_LEVELS } from '@/api/contract/market-map-constants';
import { routes } from '@/routes';
import { useAppDispatch, useAppSelector } from '@/store';
import { ErrorBlock } from '@/ui/ErrorBlock';
import { PullRefresh } from '@/ui/PullRefresh';

const RISKS: Array<UserFilter['risk']> = [null, ...RISK_LEVELS, 'none'];

/** 客户列表: my customers, filtered by tag and risk level, sorted by AUM. */
export default function UserlistScreen() {
  const dispatch = useAppDispatch();
  const users = useAppSelector(selectUsers);
  const tags = useAppSelector(selectTagList);
  const settle = useSettleWhen(users.status === 'refreshing');
  useEffect(() => {
    if (users.status === 'idle') dispatch(userListRequested({ mode: 'first' }));
    if (tags.length === 0) dispatch(tagListRequested());
  }, [dispatch, users.status, tags.length]);
  const filterBy = (filter: Partial<UserFilter>) => dispatch(userListRequested({ mode: 'first', filter }));
  const onRefresh = useCallback(() => {
    dispatch(userListRequested({ mode: 'refresh' }));
    return settle();
  }, [dispatch, settle]);
  const { filter } = users;

  const body = (
    <>
      {users.status === 'loading' && <ListSkeleton label="正在加载客户" />}
      {users.status === 'failed' && users.list.length === 0 && (
        <ErrorBlock status="disconnected" title="客户加载失败" description={users.error?.message}>
          <Button color="primary" onClick={() => void filterBy({})}>
            重试
          </Button>
        </ErrorBlock>
      )}
      {users.status === 'loaded' && users.list.length === 0 && (
        <ErrorBlock status="empty" title="没有符合条件的客户" description="换个标签或风险等级试试" />
      )}
      {users.status !== 'loading' && users.list.length > 0 && (
        <section className="mk-section" aria-label="客户列表">
          {users.list.map((u) => (
            <Link
              className="mk-row"
              key={u.customer_id}
              to={routes.personDetail.getHref(undefined, { customer_id: u.customer_id })}
            >
              <div className="mk-row__main">
                <div>
                  {u.display_name}{' '}
                  <span className="mk-tag">{u.risk_state === 'valid' && u.risk_level ? u.risk_level : '未测评'}</span>{' '}
                  {u.open_card_id !== null && <span className="mk-tag mk-tag--state">有商机</span>}
                </div>
                <div>
                  {u.phone_masked} · {u.tags.join('、') || '无标签'}
                </div>
              </div>
              <div className="mk-row__side">{formatMoney(u.aum)}</div>
            </Link>
          ))}
        </section>
      )}
      {users.list.length > 0 && (
        <div className="mk-foot">
          {users.cursor ? (
            <button type="button" onClick={() => dispatch(userListRequested({ mode: 'more' }))}>
              {users.status === 'loadingMore' ? '加载中…' : '加载更多'}
            </button>
          ) : (
            `共 ${users.total} 位客户`
          )}
        </div>
      )}
    </>
  );

  return (
    <main className="mk-page">
      <header className="mk-head">
        <div className="mk-chips" aria-label="风险等级">
          {RISKS.map((r) => (
            <button
              key={r ?? 'all'}
              type="button"
              className="mk-chip"
              aria-pressed={filter.risk === r}
              onClick={() => filterBy({ risk: r })}
            >
              {r === null ? '全部等级' : r === 'none' ? '未测评' : r}
            </button>
          ))}
        </div>
        {tags.length > 0 && (
          <div className="mk-chips" aria-label="客户标签" style={{ paddingTop: 0 }}>
            <button
              type="button"
              className="mk-chip"
              aria-pressed={filter.tag === null}
              onClick={() => filterBy({ tag: null })}
            >
              全部标签
            </button>
            {tags.slice(0, 12).map((t) => (
              <button
                key={t.tag}
                type="button"
                className="mk-chip"
                aria-pressed={filter.tag === t.tag}
                onClick={() => filterBy({ tag: t.tag })}
              >
                {t.tag}
              </button>
            ))}
          </div>
        )}
        <div className="mk-bar">
          <span>按资产排序</span>
          <button
            type="button"
            onClick={() => filterBy({ order: filter.order === 'aum_desc' ? 'aum_asc' : 'aum_desc' })}
          >
            {filter.order === 'aum_asc' ? '资产 低→高' : '资产 高→低'}
          </button>
        </div>
      </header>
      <PullRefresh onRefresh={onRefresh}>{body}</PullRefresh>
    </main>
  );
}
