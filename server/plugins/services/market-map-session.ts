import type { preValidationAsyncHookHandler } from 'fastify';

import { ErrorCode } from '../../../src/api/contract/codes';
import { SignatureHeader } from '../../../src/api/contract/headers';
import { forbidden, unauthorized } from '../../http/errors';
import type { UserRow } from '../../repositories/users';
import type { ServiceDeps } from '../deps';

/**
 * The marketing map's identity: the sid that /auth/work-wechat-login handed out is a session
 * token, sent as the accountid header (and signed with it). The adviser is that session's user;
 * no route takes an adviser id from the query or body.
 */
export function requireSidAdviser(deps: ServiceDeps): preValidationAsyncHookHandler {
  return async (request) => {
    const raw = request.headers[SignatureHeader.accountId];
    const sid = typeof raw === 'string' ? raw.trim() : '';
    if (!sid) throw unauthorized(ErrorCode.sessionInvalid, '请先通过企业微信登录');
    const found = await deps.repos.users.findSession(sid);
    if (!found) throw unauthorized(ErrorCode.sessionInvalid, '登录已失效，请重新登录');
    if (found.session.revokedAt) throw unauthorized(ErrorCode.sessionKicked, '账号已在别处登录，请重新登录');
    if (found.session.expiresAt.getTime() <= deps.now().getTime())
      throw unauthorized(ErrorCode.sessionExpired, '登录已过期，请重新登录');
    if (found.user.role !== 'adviser') throw forbidden('仅限理财师使用');
    request.user = found.user;
  };
}

export const adviserId = (request: { user: UserRow | null }): number => request.user!.id;
