import type { preValidationAsyncHookHandler } from 'fastify';

import { type Role, ROLE_LABELS } from '../../src/api/contract/roles';
import { forbidden } from '../http/errors';
import type { UserRow } from '../repositories/users';
import type { SessionGuards } from './session';

/**
 * A user's roles, from the employee record only. An employee is an adviser only with the
 * financial-adviser flag (an operations clerk signs in through WeCom too, and is not one).
 */
export function rolesOf(user: Pick<UserRow, 'role' | 'isFinancialAdvisor' | 'staffRoles'>): ReadonlySet<Role> {
  if (user.role === 'customer') return new Set<Role>(['customer']);
  const roles = new Set<Role>(user.staffRoles);
  if (user.isFinancialAdvisor) roles.add('adviser');
  return roles;
}

export function hasRole(user: Parameters<typeof rolesOf>[0] | null | undefined, role: Role): boolean {
  return !!user && rolesOf(user).has(role);
}

/**
 * A guard for routes of one duty: signed in (the WeCom session's token), then the role on the
 * employee record. A missing role is 403 (signed in, not allowed), never a session error.
 */
export function roleGuards(session: Pick<SessionGuards, 'requireUser'>) {
  return (role: Role): preValidationAsyncHookHandler =>
    async function (this: unknown, request, reply) {
      await session.requireUser.call(this as never, request, reply);
      if (!hasRole(request.user, role)) throw forbidden(`仅${ROLE_LABELS[role]}可以操作`);
    };
}
