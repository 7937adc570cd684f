import { randomBytes } from 'node:crypto';
import type { FastifyPluginAsync } from 'fastify';

import { SendPhoneCodeRequest, SendPhoneCodeResponse } from '../../../src/api/contract/auth';
import {
  type AppWebView,
  CheckCodeRequest,
  CheckCodeResponse,
  GeneralIdRequest,
  GeneralIdResponse,
  OpenWealthRequest,
  OpenWealthResponse,
  PhoneRegionListRequest,
  PhoneRegionListResponse,
} from '../../../src/api/contract/phone-sign-in';
import { ok, responses } from '../../http/errors';
import type { TypeBoxProvider } from '../../http/typebox';
import type { ServiceOptions } from '../deps';
import { checkSmsCode, PHONE_REGIONS, phoneFrom, sendSignInCode, signInWithCode } from './auth';
import { userInfo } from './live-service';

/** The wexiao web view runs the smile application, the wenoah one wna (docs/rules/roles.md#application-identifiers). */
const APP_OF: Record<AppWebView, 'smile' | 'wna'> = { wexiaoRnWebview: 'smile', wenoahRnWebview: 'wna' };

/** `g`, the time in base 36 (9 characters, so ids sort by issue), then 17 random base-36 characters. */
export function newGeneralId(now: Date): string {
  const bytes = randomBytes(17);
  let random = '';
  for (const b of bytes) random += (b % 36).toString(36);
  return `g${now.getTime().toString(36).padStart(9, '0').slice(-9)}${random}`;
}

/** /smart-live/smart-service: the phone-region list and the code check before signing in (shapes in phone-sign-in.ts). */
export const phoneSignInLiveServicePlugin: FastifyPluginAsync<ServiceOptions> = async (fastify, { deps }) => {
  const app = fastify.withTypeProvider<TypeBoxProvider>();
  app.post(
    '/api/common/phone_region',
    {
      schema: { body: PhoneRegionListRequest, response: responses(PhoneRegionListResponse) },
      preValidation: [deps.signed('basic')],
    },
    async () => ok({ list: PHONE_REGIONS }),
  );
  app.post(
    '/api/id/auth/checkCode',
    // A code guess like a sign-in attempt: limited the same way, and counted toward the code's 5 tries.
    {
      schema: { body: CheckCodeRequest, response: responses(CheckCodeResponse) },
      preValidation: [deps.signed('basic')],
      config: { rate: 'signIn' },
    },
    async (request) => {
      const phone = await phoneFrom(deps, request.body.region, request.body.phone);
      const left = await checkSmsCode(deps, phone, request.body.code, 'check');
      return ok({ valid: true as const, expires_in: left });
    },
  );
};

/** /live-api/cs-live-app: the app's own code send, sign-in from the wealth app's web view, visitor ids. */
export const phoneSignInLiveAppPlugin: FastifyPluginAsync<ServiceOptions> = async (fastify, { deps }) => {
  const app = fastify.withTypeProvider<TypeBoxProvider>();
  app.post(
    '/api/common/sendPhoneCode',
    {
      schema: { body: SendPhoneCodeRequest, response: responses(SendPhoneCodeResponse) },
      preValidation: [deps.signed('basic')],
      config: { rate: 'smsCode' },
    },
    async (request) => ok(await sendSignInCode(deps, request, request.body.region, request.body.phone)),
  );
  app.post(
    '/api/id/auth/info_open_wealth',
    {
      schema: { body: OpenWealthRequest, response: responses(OpenWealthResponse) },
      preValidation: [deps.signed('basic')],
      config: { rate: 'signIn' },
    },
    async (request) => {
      const { user, session, now } = await signInWithCode(deps, request.body);
      // An account created by this very call carries this request's clock.
      return ok({
        ...userInfo(user, session.token, session.expiresAt),
        app: APP_OF[request.body.from],
        opened: user.createdAt.getTime() === now.getTime(),
      });
    },
  );
  app.post(
    '/api/live/interact/general_id',
    // Cheap to ask for, so limited like the analytics intake it feeds.
    {
      schema: { body: GeneralIdRequest, response: responses(GeneralIdResponse) },
      preValidation: [deps.signed('basic')],
      config: { rate: 'analytics' },
    },
    async () => {
      const now = deps.now();
      return ok({ general_id: newGeneralId(now), issued_at: Math.floor(now.getTime() / 1000) });
    },
  );
};
