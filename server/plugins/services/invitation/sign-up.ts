import type { FastifyPluginAsync } from 'fastify';

import {
  MgmRegisteredResponse,
  MgmRegisterRequest,
  MgmRsaKeyResponse,
  MgmSendCodeRequest,
  MgmSentCodeResponse,
} from '../../../../src/api/contract/invitation';
import { InvitationErrorCode as E, MGM_SMS, MGM_SMS_PREFIX } from '../../../../src/api/contract/invitation-constants';
import { ok, responses, tooManyRequests } from '../../../http/errors';
import type { TypeBoxProvider } from '../../../http/typebox';
import type { ServiceOptions } from '../../deps';
import { optionalUser, phoneKey, refuse } from './members';
import {
  attributedInvitation,
  checkedSmsCode,
  decryptedPassword,
  flagsOf,
  newMember,
  repeatedRegistration,
} from './registration';

/** invite/getRSA, invite/sendCode, invite/register: becoming a member by phone. */
export const signUpRoutes: FastifyPluginAsync<ServiceOptions> = async (fastify, { deps }) => {
  const app = fastify.withTypeProvider<TypeBoxProvider>();
  const signed = { preValidation: [deps.signed('basic')] };
  const repo = deps.repos.invitation;

  app.post('/invite/getRSA', { schema: { response: responses(MgmRsaKeyResponse) }, ...signed }, async () => {
    const [key] = await deps.repos.auth.rsaKeys(deps.now());
    return ok({ pubKey: key?.publicKey ?? '' });
  });

  app.post(
    '/invite/sendCode',
    {
      schema: { body: MgmSendCodeRequest, response: responses(MgmSentCodeResponse) },
      ...signed,
      config: { rate: 'smsCode' },
    },
    async (request) => {
      const key = MGM_SMS_PREFIX + phoneKey(request.body.region, request.body.phone);
      // Checked and stored in one locked transaction: limits hold across restarts and under concurrent sends.
      const outcome = await repo.sms.send(key, request.ip, deps.now());
      if ('refused' in outcome) {
        const wait = outcome.retryAfterSeconds;
        if (outcome.refused === 'too_soon') throw tooManyRequests(E.smsTooSoon, `请${wait}秒后再获取验证码`, wait);
        if (outcome.refused === 'phone_hourly')
          throw tooManyRequests(
            E.smsPhoneHourly,
            `该手机号1小时内获取验证码已达${MGM_SMS.perPhoneHour}次，请稍后再试`,
            wait,
          );
        throw tooManyRequests(E.smsIpDaily, '当前网络今日获取验证码次数已达上限，请明天再试', wait);
      }
      // No SMS gateway here: the code is on the local page /__local-auth/sms (the logger redacts both fields).
      request.log.info({ phone: key, code: outcome.sent.code }, 'SMS code (local: not sent)');
      return ok({ resend_in: MGM_SMS.resendSeconds, expires_in: MGM_SMS.ttlMs / 1000 });
    },
  );

  app.post(
    '/invite/register',
    {
      schema: { body: MgmRegisterRequest, response: responses(MgmRegisteredResponse) },
      ...signed,
      config: { rate: 'register' },
    },
    async (request) => {
      const body = request.body;
      const now = deps.now();
      const key = phoneKey(body.region, body.phone);
      if (!body.agree) throw refuse(E.agreementRequired, '请先阅读并同意《会员服务协议》');
      const repeated = await repeatedRegistration(deps, body, key, now);
      if (repeated) return ok(repeated);
      const password = await decryptedPassword(deps, body.password, now);
      const smsId = await checkedSmsCode(deps, key, body.code, now);
      const user = await optionalUser(deps, request);
      const who = { key, deviceId: body.deviceId, shareCode: body.shareCode, user };
      const invitation = await attributedInvitation(deps, who, now);
      const flags = await flagsOf(deps, request.ip, invitation, now);
      // The code is spent only now: a registration refused above leaves it usable for the next attempt.
      if (!(await deps.repos.auth.useSmsCode(smsId, now))) throw refuse(E.smsCodeExpired, '验证码已失效，请重新获取');
      return ok(await newMember(deps, request, { key, password, user, invitation, flags }, now));
    },
  );
};
