import type { preValidationAsyncHookHandler } from 'fastify';

import { ErrorCode } from '../../src/api/contract/envelope';
import { forbidden, unauthorized } from '../http/errors';
import type { UserRow, UsersRepository } from '../repositories/users';
import { identityGuards } from './identity';
import { tokenFrom } from './token';

export { tokenFrom };

declare module 'fastify' {
  interface FastifyRequest {
    /** The signed-in user, set by requireUser. */
    user: UserRow | null;
  }
}

export interface SessionDeps {
  users: UsersRepository;
  now: () => Date;
}

export function sessionGuards(deps: SessionDeps) {
  const requireUser: preValidationAsyncHookHandler = async (request) => {
    if (request.user) return;
    const token = tokenFrom(request.headers);
    if (!token)
      throw unauthorized(ErrorCode.sessionInvalid, 'Sign-in required: send the token as Authorization or token header');
    const found = await deps.users.findSession(token);
    if (!found) throw unauthorized(ErrorCode.sessionInvalid, 'Unknown token: sign in again');
    if (found.session.revokedAt)
      throw unauthorized(ErrorCode.sessionKicked, 'This sign-in was ended elsewhere: sign in again');
    if (found.session.expiresAt.getTime() <= deps.now().getTime()) {
      throw unauthorized(ErrorCode.sessionExpired, 'Token expired: sign in again');
    }
    request.user = found.user;
  };

  /** Adviser-only endpoints: a signed-in customer gets 100406 (HTTP 403), not a session error. */
  const requireAdviser: preValidationAsyncHookHandler = async function (this: unknown, request, reply) {
    await requireUser.call(this as never, request, reply);
    if (request.user?.role !== 'adviser') throw forbidden('Advisers only');
  };

  return { requireUser, requireAdviser, ...identityGuards(deps) };
}
export type SessionGuards = ReturnType<typeof sessionGuards>;
