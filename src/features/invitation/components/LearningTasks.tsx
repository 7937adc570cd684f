import { invitationEvents as ev, selectTasks } from '../store/invitation-slice';
import { Failed, Skeleton } from './ListStates';

import { LEARNING_TASK_SECONDS } from '@/api/contract/invitation-constants';
import { useAppDispatch, useAppSelector } from '@/store';

/** Learning tasks: read an article for 30 s (the server times it), then complete it for points. */
export function LearningTasks({ onRetry }: { onRetry: () => void }) {
  const dispatch = useAppDispatch();
  const tasks = useAppSelector(selectTasks);
  if (tasks.status === 'failed') return <Failed message={tasks.error} onRetry={onRetry} />;
  if (tasks.list.length === 0)
    return tasks.status === 'loaded' ? <p className="inv-empty">暂无学习任务，请稍后再来</p> : <Skeleton />;
  return (
    <>
      <p className="inv-note">
        阅读一篇文章满{LEARNING_TASK_SECONDS}秒即可完成任务，获得积分；邀请你的好友也会得到一次学习奖励。
      </p>
      <ul className="inv-list" aria-label="学习任务">
        {tasks.list.map((t) => {
          const busy = tasks.busyId === t.articleId;
          return (
            <li key={t.articleId} className="inv-item inv-task" data-testid="task">
              <div>
                <b>{t.title}</b>
                {t.state !== 'todo' && <p className="inv-task__body">{t.summary}</p>}
                <small>
                  {t.state === 'done'
                    ? `已完成 · +${t.points}积分`
                    : t.state === 'reading' && t.secondsLeft > 0
                      ? `阅读中，还需${t.secondsLeft}秒`
                      : `完成可得 ${t.points} 积分`}
                </small>
              </div>
              {t.state === 'done' ? (
                <span className="inv-state inv-state--granted">已完成</span>
              ) : t.state === 'todo' ? (
                <button
                  type="button"
                  className="inv-btn inv-btn--ghost"
                  disabled={tasks.busyId !== null}
                  onClick={() => dispatch(ev.taskStartRequested({ articleId: t.articleId }))}
                >
                  {busy ? '…' : '开始学习'}
                </button>
              ) : (
                <button
                  type="button"
                  className="inv-btn"
                  disabled={tasks.busyId !== null || t.secondsLeft > 0}
                  onClick={() => dispatch(ev.taskCompleteRequested({ articleId: t.articleId }))}
                >
                  {busy ? '…' : t.secondsLeft > 0 ? `${t.secondsLeft}秒` : '完成学习'}
                </button>
              )}
            </li>
          );
        })}
      </ul>
      {tasks.taskError && (
        <p className="inv-error" role="alert">
          {tasks.taskError}
        </p>
      )}
    </>
  );
}
