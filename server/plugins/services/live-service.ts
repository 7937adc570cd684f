import type { FastifyPluginAsync } from 'fastify';

import { parseBusinessDate } from '../../../src/api/contract/dates';
import { ErrorCode } from '../../../src/api/contract/envelope';
import { DEFAULT_PAGE, DEFAULT_PAGE_SIZE, ENDED_LIVES_WINDOW_DAYS } from '../../../src/api/contract/live-rules';
import { type LiveItem, LivesByCategoryRequest, LivesByCategoryResponse } from '../../../src/api/contract/lives';
import {
  type FaInfo,
  GetTokenQuery,
  GetTokenResponse,
  QueryFaInfoRequest,
  QueryFaInfoResponse,
  type UserInfo,
} from '../../../src/api/contract/user';
import { isLivesByCategoryRequest } from '../../../src/api/generated/lives';
import { badRequest, forbidden, notFound, ok, responses, unauthorized } from '../../http/errors';
import type { TypeBoxProvider } from '../../http/typebox';
import type { UserRow } from '../../repositories/users';
import { checkSession, namesUser, viewerEmployeeId } from '../../security/identity';
import { tokenFrom } from '../../security/session';
import type { ServiceOptions } from '../deps';
import { liveServiceLiveRoutes } from './live-routes';

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * Live service, /smart-live/smart-service (docs/rules/services.md#live-service): sign-in token, adviser card and the
 * home list. The store, tracking (event.php/fast.php) and subscribe calls join it later.
 */
export const liveServicePlugin: FastifyPluginAsync<ServiceOptions> = async (fastify, { deps }) => {
  const app = fastify.withTypeProvider<TypeBoxProvider>();

  app.get(
    '/api/id/getToken',
    {
      schema: { querystring: GetTokenQuery, response: responses(GetTokenResponse) },
      preValidation: [deps.signed('content')],
      config: { rate: 'signIn' },
    },
    async (request) => {
      // A token only for an identity the caller has proven: its sid (accountid header, from
      // the WeCom code exchange) or a live token of the same user. The signature proves nothing.
      const sid = request.headers.accountid;
      const proof = typeof sid === 'string' && sid ? sid : tokenFrom(request.headers);
      if (!proof)
        throw unauthorized(ErrorCode.sessionInvalid, 'Sign-in required: send the sid as the accountid header');
      const user = await deps.guards.liveSession(proof);
      if (!namesUser(user, request.query.user_id)) throw forbidden('user_id names another user than the one signed in');
      const session = await deps.repos.users.createSession(user.id, deps.now());
      return ok(userInfo(user, session.token, session.expiresAt));
    },
  );

  app.post(
    '/api/internal/id/query_fa_info',
    {
      schema: { body: QueryFaInfoRequest, response: responses(QueryFaInfoResponse) },
      preValidation: [deps.signed('basic'), deps.guards.requireAdviser],
    },
    async (request) => {
      const self = request.user as UserRow;
      const wanted = request.body.employee_id ?? self.employeeId;
      const adviser = wanted === self.employeeId ? self : await deps.repos.users.findByEmployeeId(wanted);
      if (!adviser || adviser.role !== 'adviser') throw notFound(`No adviser with employee_id "${wanted}"`);
      return ok(faInfo(adviser));
    },
  );

  app.post(
    '/api/live/getLivesByCategoryId',
    {
      schema: { body: LivesByCategoryRequest, response: responses(LivesByCategoryResponse) },
      // The session (if a token comes along) is read by the handler: with a kept page, in the page's own statement.
      // A body the schema refuses gets its token checked first, as every session-reading route does (401 before 400).
      preValidation: [
        deps.signed('content'),
        async (request) => {
          const token = tokenFrom(request.headers);
          if (token && !isLivesByCategoryRequest(request.body)) request.user = await deps.guards.liveSession(token);
        },
      ],
    },
    async (request, reply) => {
      const { category_id, date } = request.body;
      const page = request.body.page ?? DEFAULT_PAGE;
      const pageSize = request.body.page_size ?? DEFAULT_PAGE_SIZE;
      const calendarDate = date === undefined || parseBusinessDate(date) !== null;
      const query = { categoryId: category_id, date: date ?? null, page, pageSize };
      const token = request.user ? null : tokenFrom(request.headers);
      const kept = token && calendarDate ? await keptPageForToken(deps, query, token) : null;
      if (token && !kept) request.user = await deps.guards.liveSession(token);
      if (!calendarDate) throw badRequest(`body.date: ${date} is not a calendar date`);
      const answer =
        kept ?? (await livesPage(deps, { ...query, employeeId: viewerEmployeeId(request, request.body.employee_id) }));
      // An unchanged page comes back as the same array (the repository's kept page): its bytes are sent again.
      let json = serializedPages.get(answer.list);
      if (!json) {
        json = Buffer.from(reply.serialize(ok(answer)) as string);
        serializedPages.set(answer.list, json);
      }
      // Bytes made by this route's own response serializer: the typed send only knows the object form.
      return reply.type('application/json; charset=utf-8').send(json as never);
    },
  );
  liveServiceLiveRoutes(fastify, deps);
};

/** A list page's serialized answer, by the (kept, never changed) array of its items: gone with the array. */
const serializedPages = new WeakMap<readonly LiveItem[], Buffer>();

/**
 * A signed-in reader's page when the repository keeps it: the session and the page in one statement, the session
 * rules applied here (a refused token answers as the session guard does). Null: read the session, then the page.
 */
async function keptPageForToken(
  deps: Pick<ServiceOptions['deps'], 'repos' | 'now'>,
  q: { categoryId: number; date: string | null; page: number; pageSize: number },
  token: string,
) {
  const now = deps.now();
  const kept = await deps.repos.lives.keptPageForToken(
    { categoryId: q.categoryId, now, endedSince: endedSinceOf(q.date), page: q.page, pageSize: q.pageSize },
    token,
  );
  if (!kept) return null;
  checkSession(kept.session, now);
  return { list: kept.items, total: kept.total, page: q.page, page_size: q.pageSize };
}

/** Ended lives older than the window before the chosen day are left out; no day keeps them all. */
function endedSinceOf(date: string | null): Date | null {
  const day = date === null ? null : parseBusinessDate(date);
  return day ? new Date(day.getTime() - ENDED_LIVES_WINDOW_DAYS * DAY_MS) : null;
}

/** One page of a category's lives for a viewer ('' = nobody): the list route's answer, also what the server renders (server/ssr). */
export async function livesPage(
  deps: Pick<ServiceOptions['deps'], 'repos' | 'now'>,
  q: { categoryId: number; employeeId: string; date: string | null; page: number; pageSize: number },
) {
  const { total, items } = await deps.repos.lives.listByCategory({
    ...q,
    now: deps.now(),
    endedSince: endedSinceOf(q.date),
  });
  return { list: items, total, page: q.page, page_size: q.pageSize };
}

export function userInfo(user: UserRow, token: string, expiresAt: Date): UserInfo {
  return {
    token,
    expires_at: Math.floor(expiresAt.getTime() / 1000),
    user_id: user.uuid,
    uuid: user.uuid,
    employee_id: user.employeeId,
    real_name: user.realName,
    avatar: user.avatar,
    group_no: user.groupNo,
    union_id: user.unionId,
    employee:
      user.role === 'adviser'
        ? {
            employee_id: user.employeeId,
            name: user.realName,
            is_financial_advisor: user.isFinancialAdvisor ? 1 : 0,
            title: user.title ?? '',
            department: user.department ?? '',
            roles: user.staffRoles,
          }
        : null,
  };
}

function faInfo(user: UserRow): FaInfo {
  return {
    employee_id: user.employeeId,
    name: user.realName,
    avatar: user.avatar,
    title: user.title ?? '',
    department: user.department ?? '',
    phone: user.phone ?? '',
    is_financial_advisor: user.isFinancialAdvisor ? 1 : 0,
  };
}
