import type { FastifyPluginAsync } from 'fastify';

import { LEAVE_MESSAGE_MAX, LEAVE_MESSAGE_MIN } from '../../../src/api/contract/live-constants';
import {
  LeaveMessageListRequest,
  LeaveMessageListResponse,
  LeaveMessageRequest,
  LeaveMessageResponse,
} from '../../../src/api/contract/live-room';
import { badRequest, notFound, ok, responses } from '../../http/errors';
import type { TypeBoxProvider } from '../../http/typebox';
import { enforce, recordMasked } from '../../policy/content-policy';
import { settleHold } from '../../policy/holds';
import { actingUser, viewerEmployeeId } from '../../security/identity';
import type { ServiceOptions } from '../deps';

/** Chat group, /chat-group (docs/rules/services.md#chat-room): leave-a-message for a live, stored and listed. */
export const chatGroupPlugin: FastifyPluginAsync<ServiceOptions> = async (fastify, { deps }) => {
  const app = fastify.withTypeProvider<TypeBoxProvider>();
  const basic = [deps.signed('basic')];

  app.post(
    '/act/leave-message',
    {
      schema: { body: LeaveMessageRequest, response: responses(LeaveMessageResponse) },
      preValidation: [deps.signed('basic'), deps.guards.optionalUser],
    },
    async (request) => {
      // Left under the session's name: the body's employee_id and real_name are not trusted.
      const user = actingUser(request, request.body.employee_id);
      const num_index = request.body.num_index;
      const content = request.body.content.trim();
      // Counted in characters as a person sees them, not UTF-16 units.
      const length = [...content].length;
      if (length < LEAVE_MESSAGE_MIN || length > LEAVE_MESSAGE_MAX) {
        throw badRequest(`留言需为 ${LEAVE_MESSAGE_MIN}-${LEAVE_MESSAGE_MAX} 个字`);
      }
      if (!(await deps.repos.liveRoom.liveTimes(num_index))) throw notFound(`No live with id ${num_index}`);
      // Other viewers read the messages: a promise is refused; a number is hidden and the message kept.
      const policy = { place: 'leave_message' as const, actorId: user.id };
      const screened = await enforce(deps, content, { ...policy, subject: 'leave_message:-' });
      const saved = await deps.repos.liveRoom.leaveMessage(
        num_index,
        user.employeeId,
        user.realName,
        screened.text,
        deps.now(),
      );
      await recordMasked(deps, screened.masked, { ...policy, subject: `leave_message:${saved.id}` });
      // An uncertain promise: kept, shown to the writer only (待合规审核) until a reviewer approves it.
      const hold = await settleHold(deps, screened.held, screened.text, {
        ...policy,
        subject: `leave_message:${saved.id}`,
      });
      return ok({ ...saved, hold });
    },
  );

  app.post(
    '/act/leave-message/list',
    {
      schema: { body: LeaveMessageListRequest, response: responses(LeaveMessageListResponse) },
      preValidation: [...basic, deps.guards.optionalUser],
    },
    // The writer also reads their own held messages, marked; everyone else only the public ones.
    async (request) => ok(await deps.repos.liveRoom.leaveMessages(request.body.num_index, viewerEmployeeId(request))),
  );
};
