import type { FastifyPluginAsync } from 'fastify';

import {
  type LearningTask,
  TaskListResponse,
  TaskRequest,
  TaskResponse,
} from '../../../../src/api/contract/invitation';
import { InvitationErrorCode as E, REWARD_POINTS } from '../../../../src/api/contract/invitation-constants';
import { ApiError, ok, responses } from '../../../http/errors';
import type { TypeBoxProvider } from '../../../http/typebox';
import { secondsLeft, type TaskView } from '../../../repositories/invitation-tasks';
import type { ServiceOptions } from '../../deps';
import { requireMember } from './members';

const view = (t: TaskView, now: Date): LearningTask => ({
  articleId: t.articleId,
  title: t.title,
  summary: t.summary,
  state: t.progress?.completedAt ? 'done' : t.progress ? 'reading' : 'todo',
  secondsLeft: secondsLeft(t.progress, now),
  points: REWARD_POINTS.learning_task,
});

/**
 * /mgm-service invite/task*: learning tasks, the third and last thing a reward may be for.
 * The member (from the mgmtoken only) starts reading an article; the server completes the task
 * only after LEARNING_TASK_SECONDS on its own clock, once.
 */
export const invitationTasksPlugin: FastifyPluginAsync<ServiceOptions> = async (fastify, { deps }) => {
  const app = fastify.withTypeProvider<TypeBoxProvider>();
  const signed = { preValidation: [deps.signed('basic')] };
  const repo = deps.repos.invitation;

  app.post('/invite/taskList', { schema: { response: responses(TaskListResponse) }, ...signed }, async (request) => {
    const member = await requireMember(deps, request);
    const now = deps.now();
    return ok({ list: (await repo.tasks.list(member.id, now)).map((t) => view(t, now)) });
  });

  app.post(
    '/invite/taskStart',
    { schema: { body: TaskRequest, response: responses(TaskResponse) }, ...signed },
    async (request) => {
      const member = await requireMember(deps, request);
      const now = deps.now();
      const task = await repo.tasks.one(member.id, request.body.articleId, now);
      if (!task) throw new ApiError(404, E.taskUnknown, '这个学习任务已下线，请刷新后选择其他任务');
      await repo.tasks.start(member.id, task.articleId, now);
      return ok(view((await repo.tasks.one(member.id, task.articleId, now))!, now));
    },
  );

  app.post(
    '/invite/taskComplete',
    { schema: { body: TaskRequest, response: responses(TaskResponse) }, ...signed },
    async (request) => {
      const member = await requireMember(deps, request);
      const now = deps.now();
      const { articleId } = request.body;
      const task = await repo.tasks.one(member.id, articleId, now);
      if (!task) throw new ApiError(404, E.taskUnknown, '这个学习任务已下线，请刷新后选择其他任务');
      const outcome = await repo.tasks.complete(member.id, articleId, now);
      if (outcome === 'not_started') throw new ApiError(400, E.taskNotStarted, '请先开始阅读');
      if (outcome === 'too_soon')
        throw new ApiError(400, E.taskTooSoon, `请再阅读${secondsLeft(task.progress, now)}秒后完成`);
      if (outcome === 'done') throw new ApiError(409, E.taskDone, '这个学习任务已完成');
      await repo.learningTaskDone(member.id, now);
      return ok(view((await repo.tasks.one(member.id, articleId, now))!, now));
    },
  );
};
