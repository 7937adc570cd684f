import { type Static, Type } from '@sinclair/typebox';

/**
 * Who may act, as the session says it. A customer is a WeChat user; every employee signs in
 * through WeCom and is an adviser only with the financial-adviser flag. Staff duties beyond
 * that are data on the employee record (`users.staff_roles`), never a request parameter:
 * reviewers (合规/运营审核) approve answers and invitation bindings, compliance officers read
 * the audit trail, developers read uploaded action logs.
 */
export const STAFF_ROLES = ['reviewer', 'compliance', 'developer'] as const;
export type StaffRole = (typeof STAFF_ROLES)[number];
export type Role = 'customer' | 'adviser' | StaffRole;

export const StaffRoleSchema = Type.Union(STAFF_ROLES.map((r) => Type.Literal(r)));
export const StaffRoles = Type.Array(StaffRoleSchema, { maxItems: STAFF_ROLES.length });
export type StaffRoles = Static<typeof StaffRoles>;

export const ROLE_LABELS: Readonly<Record<Role, string>> = {
  customer: '客户',
  adviser: '理财顾问',
  reviewer: '审核员',
  compliance: '合规专员',
  developer: '开发人员',
};
