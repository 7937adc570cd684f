import { type Static, Type } from '@sinclair/typebox';

import { Envelope } from './envelope';
import { StaffRoles } from './roles';

/** GET /smart-live/smart-service/api/id/getToken?user_id= (signature by request contents). */
export const GetTokenQuery = Type.Object(
  { user_id: Type.String({ minLength: 1, maxLength: 64 }) },
  { additionalProperties: false },
);
export type GetTokenQuery = Static<typeof GetTokenQuery>;

/** The nested employee record of docs/rules/data.md#user-info; null for customers. */
export const EmployeeRecord = Type.Object({
  employee_id: Type.String(),
  name: Type.String(),
  /** 1 for licensed financial advisers; analytics' is_analyst comes from it (docs/rules/roles.md#own-tracking-values). */
  is_financial_advisor: Type.Union([Type.Literal(0), Type.Literal(1)]),
  title: Type.String(),
  department: Type.String(),
  /** Staff duties beyond advising (reviewer, compliance, developer): screens show their entries by it, the server decides by the session. Optional: a user info stored before it existed has none. */
  roles: Type.Optional(StaffRoles),
});
export type EmployeeRecord = Static<typeof EmployeeRecord>;

/** User info from the user-token call, stored whole locally (docs/rules/data.md#user-info). */
export const UserInfo = Type.Object({
  token: Type.String(),
  /** Unix seconds after which the token answers 210002. */
  expires_at: Type.Integer(),
  user_id: Type.String(),
  uuid: Type.String(),
  employee_id: Type.String(),
  real_name: Type.String(),
  avatar: Type.String(),
  /** Customer group number; null for advisers. */
  group_no: Type.Union([Type.String(), Type.Null()]),
  union_id: Type.Union([Type.String(), Type.Null()]),
  employee: Type.Union([EmployeeRecord, Type.Null()]),
});
export type UserInfo = Static<typeof UserInfo>;
export const GetTokenResponse = Envelope(UserInfo);

/** POST /smart-live/smart-service/api/internal/id/query_fa_info: advisers only, token required. */
export const QueryFaInfoRequest = Type.Object(
  {
    /** Whose card to show; the signed-in adviser's own when omitted. */
    employee_id: Type.Optional(Type.String({ minLength: 1, maxLength: 64 })),
  },
  { additionalProperties: false },
);
export type QueryFaInfoRequest = Static<typeof QueryFaInfoRequest>;

export const FaInfo = Type.Object({
  employee_id: Type.String(),
  name: Type.String(),
  avatar: Type.String(),
  title: Type.String(),
  department: Type.String(),
  /** Masked, as the real service shows it. */
  phone: Type.String(),
  is_financial_advisor: Type.Union([Type.Literal(0), Type.Literal(1)]),
});
export type FaInfo = Static<typeof FaInfo>;
export const QueryFaInfoResponse = Envelope(FaInfo);
