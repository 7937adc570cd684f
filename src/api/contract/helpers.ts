import { type Static, Type } from '@sinclair/typebox';

import { CodeEnvelope, Envelope } from './envelope';
import { ENCRYPTED_FIELD, MINI_PATH_PATTERN } from './helpers-constants';
import { UserInfo } from './user';

/** POST /smart-live/smart-service/api/common/generate_scheme: a weixin:// link into the mini-program. */
export const GenerateSchemeRequest = Type.Object(
  { path: Type.String({ pattern: MINI_PATH_PATTERN }), query: Type.Optional(Type.String({ maxLength: 512 })) },
  { additionalProperties: false },
);
export type GenerateSchemeRequest = Static<typeof GenerateSchemeRequest>;
export const MiniScheme = Type.Object({ openlink: Type.String(), expire_time: Type.Integer() });
export type MiniScheme = Static<typeof MiniScheme>;
export const GenerateSchemeResponse = Envelope(MiniScheme);

/** POST /live-api/cs-live-app/api/id/make_login_token: a single-use token handing the sign-in on. */
export const LoginToken = Type.Object({ login_token: Type.String(), expires_in: Type.Integer() });
export type LoginToken = Static<typeof LoginToken>;
export const MakeLoginTokenResponse = Envelope(LoginToken);

/** POST /live-api/cs-live-app/api/id/sync_login_by_token {login_token}: a new session for it. */
export const SyncLoginRequest = Type.Object(
  { login_token: Type.String({ pattern: '^[A-Za-z0-9_-]{16,64}$' }) },
  { additionalProperties: false },
);
export type SyncLoginRequest = Static<typeof SyncLoginRequest>;
export const SyncLoginResponse = Envelope(UserInfo);

/** GET /noah-common/wx-ecology-java/api/wxEcology/user/userInfoByGid?gid= (answer AES-encrypted). */
export const UserInfoByGidQuery = Type.Object(
  { gid: Type.String({ pattern: '^[A-Za-z0-9_-]{1,64}$' }) },
  { additionalProperties: false },
);
export const GidUser = Type.Object({
  gid: Type.String(),
  real_name: Type.String(),
  avatar: Type.String(),
  role: Type.Union([Type.Literal('adviser'), Type.Literal('customer')]),
});
export type GidUser = Static<typeof GidUser>;
export const UserInfoByGidResponse = CodeEnvelope(Type.Object({ [ENCRYPTED_FIELD]: Type.String() }));

/**
 * The permission pair (docs/rules/roles.md#permission-pair, rules not shown; ours): a customer must confirm once that they
 * are a qualified investor before private-fund content; advisers never need to.
 */
export const SelfAuthContext = Type.Object({
  required: Type.Boolean(),
  confirmed: Type.Boolean(),
  confirmed_at: Type.Union([Type.Integer(), Type.Null()]),
});
export type SelfAuthContext = Static<typeof SelfAuthContext>;
export const SelfAuthContextResponse = Envelope(SelfAuthContext);
export const SelfAuthRequest = Type.Object({ confirm: Type.Literal(true) }, { additionalProperties: false });
export const SelfAuthResponse = Envelope(SelfAuthContext);
