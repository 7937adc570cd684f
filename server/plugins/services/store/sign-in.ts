import type { FastifyPluginAsync } from 'fastify';

import { AuthErrorCode } from '../../../../src/api/contract/auth-constants';
import { maskPhone } from '../../../../src/api/contract/mask';
import { StoreSignLoginRequest, StoreSignLoginResponse } from '../../../../src/api/contract/store';
import { ApiError, ok, responses } from '../../../http/errors';
import type { TypeBoxProvider } from '../../../http/typebox';
import { decryptField } from '../../../security/rsa';
import type { ServiceDeps } from '../../deps';
import { checkedSmsCode, PHONE_REGIONS } from '../auth';
import { type StoreRouteOptions, userOf } from './context';

/** Signing the store in with a phone checked by SMS, for the signed-in reader. */
export const storeSignInRoutes: FastifyPluginAsync<StoreRouteOptions> = async (fastify, { deps, guards }) => {
  const app = fastify.withTypeProvider<TypeBoxProvider>();
  const repo = deps.repos.store;

  app.post(
    '/api/store/sign_login',
    {
      schema: { body: StoreSignLoginRequest, response: responses(StoreSignLoginResponse) },
      preValidation: guards.personal,
      config: { rate: 'signIn' },
    },
    async (request) => {
      const phone = await verifiedPhone(deps, request.body);
      await repo.recordSignIn(userOf(request).id, phone, deps.now());
      const national = phone.split('-')[1] ?? '';
      return ok({ signed: true as const, phone_masked: maskPhone(national) });
    },
  );
};

/** Phone and SMS code checked by the one SMS rule of every sign-in (5 minutes, 5 tries counted atomically, single use). */
async function verifiedPhone(
  deps: ServiceDeps,
  body: { region: string; phone: string; code: string },
): Promise<string> {
  const bad = (code: number, message: string) => new ApiError(400, code, message);
  const now = deps.now();
  const keys = (await deps.repos.auth.rsaKeys(now)).map((k) => k.privateKey);
  const national = decryptField(body.phone, keys);
  const code = decryptField(body.code, keys);
  if (national === null || code === null) throw bad(AuthErrorCode.decryptFailed, '加密信息无效，请刷新页面后重试');
  const region = PHONE_REGIONS.find((r) => r.code === body.region);
  if (!region || !/^\d+$/.test(national) || national.length < region.minLength || national.length > region.maxLength) {
    throw bad(AuthErrorCode.phoneInvalid, '请输入正确的手机号');
  }
  const phone = `${body.region}-${national}`;
  const sms = await checkedSmsCode(deps, phone, code, now);
  if (!(await deps.repos.auth.useSmsCode(sms.id, now)))
    throw bad(AuthErrorCode.smsCodeExpired, '验证码已失效，请重新获取');
  return phone;
}
