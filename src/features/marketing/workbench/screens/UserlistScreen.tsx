import { useEffect } from 'react';

import { UserFilterBar } from '../components/UserFilterBar';
import { UserRow } from '../components/UserRow';
import { type UserFilter, userListRequested } from '../store/pages-slice';
import { selectTagList, selectUsers } from '../store/workbench-selectors';
import { tagListRequested } from '../store/workbench-slice';

import '../../shared/components/marketing.css';

import { ListSkeleton, nextPageLabel } from '@/features/marketing/shared';
import { useAppDispatch, useAppSelector, useRefresh } from '@/store';
import { ErrorBlock } from '@/ui/ErrorBlock';
import { PullRefresh } from '@/ui/PullRefresh';
import { RetryBlock } from '@/ui/RetryBlock';

/** 客户列表: my customers, filtered by tag and risk level, sorted by AUM. */
export default function UserlistScreen() {
  const dispatch = useAppDispatch();
  const users = useAppSelector(selectUsers);
  const tags = useAppSelector(selectTagList);
  useEffect(() => {
    if (users.status === 'idle') dispatch(userListRequested({ mode: 'first' }));
    if (tags.length === 0) dispatch(tagListRequested());
  }, [dispatch, users.status, tags.length]);
  const filterBy = (filter: Partial<UserFilter>) => dispatch(userListRequested({ mode: 'first', filter }));
  const onRefresh = useRefresh(
    () => dispatch(userListRequested({ mode: 'refresh' })),
    (state) => [selectUsers(state)],
  );
  const { filter } = users;

  const body = (
    <>
      {users.status === 'loading' && <ListSkeleton label="正在加载客户" />}
      {users.status === 'failed' && users.list.length === 0 && (
        <RetryBlock title="客户加载失败" description={users.error?.message} onRetry={() => void filterBy({})} />
      )}
      {users.status === 'loaded' && users.list.length === 0 && (
        <ErrorBlock status="empty" title="没有符合条件的客户" description="换个标签或风险等级试试" />
      )}
      {users.status !== 'loading' && users.list.length > 0 && (
        <section className="mk-section" aria-label="客户列表">
          {users.list.map((u) => (
            <UserRow key={u.customer_id} u={u} />
          ))}
        </section>
      )}
      {users.list.length > 0 && (
        <div className="mk-foot">
          {users.cursor ? (
            <button type="button" onClick={() => dispatch(userListRequested({ mode: 'more' }))}>
              {nextPageLabel(users.status)}
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
      <UserFilterBar filter={filter} tags={tags} filterBy={filterBy} />
      <PullRefresh onRefresh={onRefresh}>{body}</PullRefresh>
    </main>
  );
}
