import type { FastifyRequest, preValidationAsyncHookHandler } from 'fastify';

import type { StoreProduct } from '../../../../src/api/contract/store';
import { STORE_PAGE_DEFAULT } from '../../../../src/api/contract/store-constants';
import type { UserRow } from '../../../repositories/users';
import { roleGuards } from '../../../security/roles';
import { tokenFrom } from '../../../security/session';
import type { ServiceDeps } from '../../deps';

export const page = (q: { cursor?: string; limit?: number }) => ({
  cursor: q.cursor,
  limit: q.limit ?? STORE_PAGE_DEFAULT,
});

/** A private fund's performance is promotion: only a confirmed qualified investor is sent its NAV and return. */
export const gated = (p: StoreProduct, qualified: boolean): StoreProduct =>
  p.kind === 'private' && !qualified ? { ...p, latest_nav: null, one_year_return: null } : p;

export const userOf = (r: FastifyRequest) => r.user as UserRow;
export const uidOf = (r: FastifyRequest) => r.user?.id ?? null;

/**
 * The hooks the store's routes run before their handlers. Reads are open (a token, if sent, marks the
 * reader's likes); writes act for the token's user only; answers are written from an adviser account;
 * review is for staff with the reviewer role.
 */
export function storeGuards(deps: ServiceDeps) {
  const signed = deps.signed('basic');
  const { requireUser, requireAdviser } = deps.guards;
  /** A reader who sent a token is known (a bad token still fails loudly); no token: anonymous. */
  const optionalUser: preValidationAsyncHookHandler = async function (this: unknown, request, reply) {
    if (tokenFrom(request.headers)) await requireUser.call(this as never, request, reply);
  };
  return {
    open: [signed, optionalUser],
    personal: [signed, requireUser],
    adviser: [signed, requireAdviser],
    reviewer: [signed, roleGuards(deps.guards)('reviewer')],
  };
}
export type StoreGuards = ReturnType<typeof storeGuards>;

/** What each of the store's route modules is registered with: the services and the one set of hooks. */
export interface StoreRouteOptions {
  deps: ServiceDeps;
  guards: StoreGuards;
}
