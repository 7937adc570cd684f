import { createCipheriv, createHash } from 'node:crypto';
import type { FastifyPluginAsync } from 'fastify';

import { localEnvironment } from '../../../config/environments';
import { ErrorCode } from '../../../src/api/contract/codes';
import { ErrorResponse } from '../../../src/api/contract/common';
import {
  GenerateSchemeRequest,
  GenerateSchemeResponse,
  type GidUser,
  MakeLoginTokenResponse,
  type SelfAuthContext,
  SelfAuthContextResponse,
  SelfAuthRequest,
  SelfAuthResponse,
  SyncLoginRequest,
  SyncLoginResponse,
  UserInfoByGidQuery,
  UserInfoByGidResponse,
} from '../../../src/api/contract/helpers';
import { ENCRYPTED_FIELD, LOGIN_TOKEN_TTL_MS } from '../../../src/api/contract/helpers-constants';
import { ApiError, ok, responses } from '../../http/errors';
import type { TypeBoxProvider } from '../../http/typebox';
import type { UserRow } from '../../repositories/users';
import { hasRole } from '../../security/roles';
import type { ServiceOptions } from '../deps';
import { userInfo } from './live-service';

/** A URL scheme stays valid 30 days, as WeChat's generatescheme allows. */
const SCHEME_TTL_S = 30 * 24 * 3600;

/** The local stand-in for WeChat's generatescheme: the same page always gets the same link. */
export function localScheme(appId: string, path: string, query = ''): string {
  const t = createHash('sha1').update(`${appId}|${path}|${query}`).digest('base64url').slice(0, 12);
  return `weixin://dl/business/?t=${t}`;
}

/** AES-128-ECB, PKCS#7, base64: what the client's crypto-js decrypts with the environment's key. */
export function aesEncrypt(plain: string, key: string): string {
  const cipher = createCipheriv('aes-128-ecb', Buffer.from(key, 'utf8'), null);
  return Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]).toString('base64');
}

/** Our rule for the permission pair: customers confirm qualified-investor status once; advisers never. */
function selfAuthContext(user: UserRow, confirmedAt: Date | null): SelfAuthContext {
  const required = user.role === 'customer';
  return {
    required,
    confirmed: !required || confirmedAt !== null,
    confirmed_at: confirmedAt ? Math.floor(confirmedAt.getTime() / 1000) : null,
  };
}

/** /smart-live/smart-service: generate_scheme for /jumpToMini. */
export const helperLiveServicePlugin: FastifyPluginAsync<ServiceOptions> = async (fastify, { deps }) => {
  const app = fastify.withTypeProvider<TypeBoxProvider>();
  app.post(
    '/api/common/generate_scheme',
    {
      schema: { body: GenerateSchemeRequest, response: responses(GenerateSchemeResponse) },
      preValidation: [deps.signed('basic')],
    },
    async (request) => {
      const now = Math.floor(deps.now().getTime() / 1000);
      return ok({
        openlink: localScheme(localEnvironment.miniProgram.customerAppId, request.body.path, request.body.query),
        expire_time: now + SCHEME_TTL_S,
      });
    },
  );
};

/** /live-api/cs-live-app: sign-in hand-over by token and the permission pair. */
export const helperLiveAppPlugin: FastifyPluginAsync<ServiceOptions> = async (fastify, { deps }) => {
  const app = fastify.withTypeProvider<TypeBoxProvider>();
  const signedUser = [deps.signed('basic'), deps.guards.requireUser];

  app.post(
    '/api/id/make_login_token',
    { schema: { response: responses(MakeLoginTokenResponse) }, preValidation: signedUser },
    async (request) => {
      const user = request.user as UserRow;
      const token = await deps.repos.auth.issueCode('login', 'live', user.id, deps.now());
      return ok({ login_token: token, expires_in: LOGIN_TOKEN_TTL_MS / 1000 });
    },
  );

  app.post(
    '/api/id/sync_login_by_token',
    {
      schema: { body: SyncLoginRequest, response: responses(SyncLoginResponse) },
      preValidation: [deps.signed('basic')],
      config: { rate: 'signIn' },
    },
    async (request) => {
      const now = deps.now();
      const outcome = await deps.repos.auth.consumeCode(request.body.login_token, 'login', 'live', now);
      if (!outcome.ok)
        throw new ApiError(
          401,
          ErrorCode.sessionInvalid,
          outcome.reason === 'used' ? '登录凭证已使用，请重新登录' : '登录凭证无效或已过期，请重新登录',
        );
      const session = await deps.repos.users.createSession(outcome.user.id, now);
      return ok(userInfo(outcome.user, session.token, session.expiresAt));
    },
  );

  app.post(
    '/api/permission/self-auth-context',
    { schema: { response: responses(SelfAuthContextResponse) }, preValidation: signedUser },
    async (request) => {
      const user = request.user as UserRow;
      return ok(selfAuthContext(user, await deps.repos.selfAuth.confirmedAt(user.id)));
    },
  );

  app.post(
    '/api/permission/self-auth',
    { schema: { body: SelfAuthRequest, response: responses(SelfAuthResponse) }, preValidation: signedUser },
    async (request) => {
      const user = request.user as UserRow;
      if (user.role !== 'customer') return ok(selfAuthContext(user, null));
      return ok(selfAuthContext(user, await deps.repos.selfAuth.confirm(user.id, deps.now())));
    },
  );
};

/** /noah-common: a profile by gid (the caller's own, or an adviser's customer's), AES-encrypted with the environment's key. */
export const helperCommonPlugin: FastifyPluginAsync<ServiceOptions> = async (fastify, { deps }) => {
  const app = fastify.withTypeProvider<TypeBoxProvider>();
  app.get(
    '/wx-ecology-java/api/wxEcology/user/userInfoByGid',
    {
      schema: {
        querystring: UserInfoByGidQuery,
        response: { 200: UserInfoByGidResponse, '4xx': ErrorResponse, '5xx': ErrorResponse },
      },
      preValidation: [deps.signed('basic'), deps.guards.requireUser],
    },
    async (request) => {
      const caller = request.user as UserRow;
      const user = await deps.repos.users.findByUuid(request.query.gid);
      // The caller's own profile, or an adviser's own customer; anyone else reads as unknown, so a
      // signed-in user can neither read another's real name nor learn which gids exist.
      const allowed =
        user &&
        (user.id === caller.id ||
          (hasRole(caller, 'adviser') && (await deps.repos.marketing.servesUser(caller.id, user.id))));
      if (!user || !allowed) return { code: ErrorCode.notFound, msg: '用户不存在', data: null };
      const data: GidUser = { gid: user.uuid, real_name: user.realName, avatar: user.avatar, role: user.role };
      return {
        code: 0,
        msg: 'ok',
        data: { [ENCRYPTED_FIELD]: aesEncrypt(JSON.stringify(data), localEnvironment.secrets.aesKey) },
      };
    },
  );
};

/** The follow page's QR code on the static host: a local stand-in image (no real account here). */
export const followQrPlugin: FastifyPluginAsync<ServiceOptions> = async (fastify) => {
  fastify.get('/follow/qrcode.svg', { schema: { response: { 200: { type: 'string' } } } }, async (_request, reply) => {
    const cells: string[] = [];
    const bits = createHash('sha256').update('follow').digest();
    for (let y = 0; y < 21; y += 1) {
      for (let x = 0; x < 21; x += 1) {
        const finder = (x < 7 || x > 13) && y < 7 ? true : x < 7 && y > 13;
        const on = finder
          ? x % 6 === 0 ||
            y % 6 === 0 ||
            (x % 14 >= 2 && x % 14 <= 4 && y % 14 >= 2 && y % 14 <= 4) ||
            x === 20 ||
            y === 20
          : ((bits[(y * 21 + x) % 32] ?? 0) >> (x % 8)) & 1;
        if (on) cells.push(`<rect x="${x + 2}" y="${y + 2}" width="1" height="1"/>`);
      }
    }
    const svg = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 25 25" shape-rendering="crispEdges"><rect width="25" height="25" fill="#fff"/><g fill="#111">${cells.join('')}</g></svg>`;
    return reply.type('image/svg+xml').header('cache-control', 'public, max-age=3600').send(svg);
  });
};
