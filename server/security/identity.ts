import type { FastifyRequest, preValidationAsyncHookHandler } from 'fastify';

import { ErrorCode } from '../../src/api/contract/envelope';
import { forbidden, unauthorized } from '../http/errors';
import type { UserRow, UsersRepository } from '../repositories/users';
import { tokenFrom } from './token';

/**
 * Who is acting comes from the session only. A signature proves nothing
 * about the caller (its secret ships in the client bundle), and a body id is whatever the
 * caller typed. Ids in bodies stay on the wire for compatibility and are checked here.
 */
export interface IdentityDeps {
  users: UsersRepository;
  now: () => Date;
}

/** The rules a token's session must pass, wherever it was read: known, not ended elsewhere, not expired. */
export function checkSession(session: { revokedAt: Date | null; expiresAt: Date } | null, now: Date): void {
  if (!session) throw unauthorized(ErrorCode.sessionInvalid, 'Unknown token: sign in again');
  if (session.revokedAt) throw unauthorized(ErrorCode.sessionKicked, 'This sign-in was ended elsewhere: sign in again');
  if (session.expiresAt.getTime() <= now.getTime())
    throw unauthorized(ErrorCode.sessionExpired, 'Token expired: sign in again');
}

async function liveSession(deps: IdentityDeps, token: string): Promise<UserRow> {
  const found = await deps.users.findSession(token);
  checkSession(found?.session ?? null, deps.now());
  return found!.user;
}

/** A user's ids as a body may name them: the employee id or the uuid (user_id). */
export function namesUser(user: UserRow, id: string): boolean {
  return id === user.employeeId || id === user.uuid;
}

export function identityGuards(deps: IdentityDeps) {
  /** Sets request.user when a token comes along (a bad token is refused); none: a guest. */
  const optionalUser: preValidationAsyncHookHandler = async (request) => {
    if (request.user) return;
    const token = tokenFrom(request.headers);
    if (token) request.user = await liveSession(deps, token);
  };

  /** The marketing map's sid (accountid header, already signed over) must name a live sign-in. */
  const requireSid: preValidationAsyncHookHandler = async (request) => {
    const sid = request.headers.accountid;
    if (typeof sid !== 'string' || !sid)
      throw unauthorized(ErrorCode.sessionInvalid, 'Sign-in required: send the sid as the accountid header');
    request.user = await liveSession(deps, sid);
  };

  return { optionalUser, requireSid, liveSession: (token: string) => liveSession(deps, token) };
}

/** The user a write acts for: the session's; a body id naming someone else is 403. */
export function actingUser(request: FastifyRequest, bodyId?: string | null): UserRow {
  const user = request.user;
  if (!user)
    throw unauthorized(ErrorCode.sessionInvalid, 'Sign-in required: send the token as Authorization or token header');
  if (bodyId && !namesUser(user, bodyId)) throw forbidden('The id in the request names another user');
  return user;
}

/**
 * Whose view a read is personalised for: always the session's; the body's id is ignored (a guest sees
 * no one's subscriptions, a signed-in caller sees their own whoever the body names). Reads ignore rather
 * than refuse: a page that signed in while its first read was in flight still gets its own view.
 */
export function viewerEmployeeId(request: FastifyRequest, _bodyId?: string | null): string {
  return request.user?.employeeId ?? '';
}
