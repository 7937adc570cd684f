import type { FastifyPluginAsync, FastifyRequest } from 'fastify';

import { localEnvironment } from '../../../config/environments';
import {
  LogoutResponse,
  MobileLoginRequest,
  MobileLoginResponse,
  OpConfigQuery,
  PasswordLoginRequest,
  PasswordLoginResponse,
  type PhoneRegion,
  PhoneRegionConfigResponse,
  RsaKeyResponse,
  SendPhoneCodeRequest,
  SendPhoneCodeResponse,
  type SentPhoneCode,
  WebChatExchangeRequest,
  WebChatExchangeResponse,
  WechatShareRequest,
  WechatShareResponse,
  WeworkJsSdkRequest,
  WeworkJsSdkResponse,
  WorkWechatLoginRequest,
  WorkWechatLoginResponse,
} from '../../../src/api/contract/auth';
import {
  AuthErrorCode,
  PHONE_REGION_CONFIG_KEY,
  SMS_CODE_TTL_MS,
  SMS_PER_PHONE_HOUR,
  SMS_RESEND_SECONDS,
} from '../../../src/api/contract/auth-constants';
import { ErrorCode } from '../../../src/api/contract/codes';
import { ErrorResponse } from '../../../src/api/contract/common';
import { ApiError, ok, responses, tooManyRequests } from '../../http/errors';
import type { TypeBoxProvider } from '../../http/typebox';
import { passwordMatches } from '../../repositories/invitation-members';
import type { SmsRefusal } from '../../repositories/sms-lock';
import { localTicket, signJsSdk } from '../../security/jssdk';
import { decryptField } from '../../security/rsa';
import { tokenFrom } from '../../security/token';
import type { ServiceDeps, ServiceOptions } from '../deps';
import { userInfo } from './live-service';

/** Every region the SMS gateway reaches (phone_region), with its national-number lengths; numbers are checked against it. */
export const PHONE_REGIONS: PhoneRegion[] = [
  { name: '中国大陆', code: '86', minLength: 11, maxLength: 11 },
  { name: '中国香港', code: '852', minLength: 8, maxLength: 8 },
  { name: '中国澳门', code: '853', minLength: 8, maxLength: 8 },
  { name: '中国台湾', code: '886', minLength: 9, maxLength: 10 },
  { name: '美国/加拿大', code: '1', minLength: 10, maxLength: 10 },
  { name: '新加坡', code: '65', minLength: 8, maxLength: 8 },
  { name: '日本', code: '81', minLength: 10, maxLength: 10 },
  { name: '英国', code: '44', minLength: 10, maxLength: 10 },
  { name: '澳大利亚', code: '61', minLength: 9, maxLength: 9 },
];

/** Operations' choice for the pickers (opconfig liveCommonPhoneRegion): these, in this order, the first the default. */
export const OFFERED_REGION_CODES = ['86', '852', '853', '886', '1'];

const badInput = (code: number, message: string) => new ApiError(400, code, message);

/** An RSA-encrypted field in the clear, or a 400 saying the page should be reloaded (its key rotated). */
async function decrypted(deps: ServiceDeps, encrypted: string): Promise<string> {
  const keys = await deps.repos.auth.rsaKeys(deps.now());
  const plain = decryptField(
    encrypted,
    keys.map((k) => k.privateKey),
  );
  if (plain === null) throw badInput(AuthErrorCode.decryptFailed, '加密信息无效，请刷新页面后重试');
  return plain;
}

/** Region and national number, decrypted and checked against phone_region's list: the key the codes are kept under. */
export async function phoneFrom(deps: ServiceDeps, region: string, encrypted: string): Promise<string> {
  const phone = await decrypted(deps, encrypted);
  const known = PHONE_REGIONS.find((r) => r.code === region);
  if (!known) throw badInput(AuthErrorCode.phoneInvalid, '不支持该地区的手机号');
  if (!/^\d+$/.test(phone) || phone.length < known.minLength || phone.length > known.maxLength) {
    throw badInput(
      AuthErrorCode.phoneInvalid,
      `请输入${known.minLength === known.maxLength ? known.minLength : `${known.minLength}-${known.maxLength}`}位手机号`,
    );
  }
  return `${region}-${phone}`;
}

/** The one SMS send of the sign-in forms (send_phone_code, and the app's sendPhoneCode): the one SMS rule, checked and stored in one locked transaction. */
export async function sendSignInCode(
  deps: ServiceDeps,
  request: FastifyRequest,
  region: string,
  encryptedPhone: string,
): Promise<SentPhoneCode> {
  const phone = await phoneFrom(deps, region, encryptedPhone);
  const outcome = await deps.repos.auth.sendSmsCode(phone, request.ip, deps.now());
  if ('refused' in outcome) throw smsRefused(outcome);
  // No SMS gateway here: the code is on the local page /__local-auth/sms (the logger redacts both fields).
  request.log.info({ phone, code: outcome.sent.code }, 'SMS code (local: not sent)');
  return { resend_in: SMS_RESEND_SECONDS, expires_in: SMS_CODE_TTL_MS / 1000 };
}

/** A refused SMS send, with the wait the rule worked out (also the Retry-After header). */
export function smsRefused(outcome: SmsRefusal): ApiError {
  const wait = outcome.retryAfterSeconds;
  if (outcome.refused === 'too_soon')
    return tooManyRequests(AuthErrorCode.smsRateLimited, `请${wait}秒后再获取验证码`, wait);
  if (outcome.refused === 'phone_hourly')
    return tooManyRequests(
      AuthErrorCode.smsRateLimited,
      `该手机号1小时内获取验证码已达${SMS_PER_PHONE_HOUR}次，请稍后再试`,
      wait,
    );
  return tooManyRequests(AuthErrorCode.smsRateLimited, '当前网络今日获取验证码次数已达上限，请明天再试', wait);
}

/** The lockout answer of the password sign-in: how long, and the way in that still works. */
function passwordLocked(seconds: number): ApiError {
  const minutes = Math.max(1, Math.ceil(seconds / 60));
  return tooManyRequests(
    AuthErrorCode.passwordLocked,
    `密码错误次数过多，该账号已锁定，请${minutes}分钟后再试，或使用验证码登录`,
    seconds,
  );
}

/**
 * A typed SMS code for a sign-in or a signature, checked by the one rule (sms-lock.ts); the code's id
 * to spend with useSmsCode once everything else holds.
 */
export async function checkedSmsCode(
  deps: Pick<ServiceDeps, 'repos'>,
  phone: string,
  code: string,
  now: Date,
): Promise<{ id: number; expiresAt: Date }> {
  const checked = await deps.repos.auth.checkSmsCode(phone, code, now);
  if (checked.ok) return { id: checked.id, expiresAt: checked.expiresAt };
  if (checked.reason === 'wrong' && checked.left > 0)
    throw badInput(AuthErrorCode.smsCodeWrong, '验证码错误，请重新输入');
  throw badInput(
    AuthErrorCode.smsCodeExpired,
    checked.reason === 'expired' ? '验证码已失效，请重新获取' : '验证码错误次数过多已作废，请重新获取',
  );
}

/**
 * An SMS sign-in, whichever door it comes through (the browser's info_mobile_login, the wealth app's
 * info_open_wealth): the code spent by the one rule, the phone's customer (opened on first use), a session.
 */
export async function signInWithCode(deps: ServiceDeps, body: { region: string; phone: string; code: string }) {
  const phone = await phoneFrom(deps, body.region, body.phone);
  const now = deps.now();
  await checkSmsCode(deps, phone, body.code, 'use');
  const user = await deps.repos.auth.customerForPhone(phone, now);
  const session = await deps.repos.users.createSession(user.id, now);
  return { user, session, now };
}

/**
 * The phone's latest code against the encrypted one given, by the one rule: 'check' leaves a good code
 * usable (checkCode), 'use' spends it (a sign-in). A wrong code counts toward its tries either way.
 * Returns its seconds left.
 */
export async function checkSmsCode(
  deps: ServiceDeps,
  phone: string,
  encryptedCode: string,
  mode: 'check' | 'use',
): Promise<number> {
  const code = await decrypted(deps, encryptedCode);
  const now = deps.now();
  const checked = await checkedSmsCode(deps, phone, code, now);
  if (mode === 'use' && !(await deps.repos.auth.useSmsCode(checked.id, now)))
    throw badInput(AuthErrorCode.smsCodeExpired, '验证码已失效，请重新获取');
  return Math.max(0, Math.floor((checked.expiresAt.getTime() - now.getTime()) / 1000));
}

/**
 * POST /market_map_url/auth/work-wechat-login: unsigned, since the marketing map signs with the
 * sid this call hands out; the single-use, 5-minute code is the credential.
 */
export const authMarketMapPlugin: FastifyPluginAsync<ServiceOptions> = async (fastify, { deps }) => {
  const app = fastify.withTypeProvider<TypeBoxProvider>();
  app.post(
    '/auth/work-wechat-login',
    {
      schema: { body: WorkWechatLoginRequest, response: responses(WorkWechatLoginResponse) },
      config: { rate: 'signIn' },
    },
    async (request, reply) => {
      const outcome = await deps.repos.auth.consumeCode(request.body.code, 'wecom', null, deps.now());
      if (!outcome.ok) {
        const code = outcome.reason === 'used' ? ErrorCode.wechatCodeUsed : ErrorCode.wechatCodeInvalid;
        return reply.code(200).send({
          error: { code, message: outcome.reason === 'used' ? '授权码已使用' : '授权码无效或已过期' },
          data: null,
        });
      }
      const session = await deps.repos.users.createSession(outcome.user.id, deps.now());
      return ok({ sid: session.token, fp_code: outcome.user.uuid });
    },
  );
};

/** /noah-common: the web-chat code exchange and the user's info by token. */
export const noahCommonPlugin: FastifyPluginAsync<ServiceOptions> = async (fastify, { deps }) => {
  const app = fastify.withTypeProvider<TypeBoxProvider>();
  app.post(
    '/wx-ecology-java/api/wxEcology/auth/getToken',
    {
      // Refusals before the handler (signature, schema) leave through the one error handler's envelope.
      schema: {
        body: WebChatExchangeRequest,
        response: { 200: WebChatExchangeResponse, '4xx': ErrorResponse, '5xx': ErrorResponse },
      },
      preValidation: [deps.signed('basic')],
      config: { rate: 'signIn' },
    },
    async (request) => {
      const { wxCode, appId } = request.body;
      // A wrong app id is an invalid code for that app, as WeChat answers it (40029).
      const outcome = await deps.repos.auth.consumeCode(
        wxCode,
        'wechat',
        appId === localEnvironment.webChat.appId ? appId : '\u0000',
        deps.now(),
      );
      if (!outcome.ok) {
        return outcome.reason === 'used'
          ? { code: ErrorCode.wechatCodeUsed, msg: 'code been used', data: null }
          : { code: ErrorCode.wechatCodeInvalid, msg: 'invalid code', data: null };
      }
      const session = await deps.repos.users.createSession(outcome.user.id, deps.now());
      return {
        code: 0,
        msg: 'ok',
        data: {
          token: session.token,
          isBind: outcome.user.role === 'customer' ? (1 as const) : (0 as const),
          user_id: outcome.user.uuid,
        },
      };
    },
  );
};

/** /smart-live/smart-service: share signing and share-page sign-in, WeCom config, SMS sign-in. */
export const authLiveServicePlugin: FastifyPluginAsync<ServiceOptions> = async (fastify, { deps }) => {
  const app = fastify.withTypeProvider<TypeBoxProvider>();
  const { appId } = localEnvironment.webChat;

  app.post(
    '/api/id/auth/wechat/share',
    {
      schema: { body: WechatShareRequest, response: responses(WechatShareResponse) },
      preValidation: [deps.signed('basic')],
      config: { rate: 'signIn' },
    },
    async (request, reply) => {
      const config = signJsSdk(appId, localTicket(appId, 'jsapi'), request.body.url, deps.now());
      if (request.body.code === undefined) return ok({ ...config, token: null });
      const outcome = await deps.repos.auth.consumeCode(request.body.code, 'wechat', appId, deps.now());
      if (!outcome.ok)
        return reply
          .code(200)
          .send({ error: { code: ErrorCode.shareAuthRestart, message: '授权已失效，请重新授权' }, data: null });
      const session = await deps.repos.users.createSession(outcome.user.id, deps.now());
      return ok({ ...config, token: session.token, user_id: outcome.user.uuid });
    },
  );

  app.post(
    '/api/live/wework/js_sdk_config',
    {
      schema: { body: WeworkJsSdkRequest, response: responses(WeworkJsSdkResponse) },
      preValidation: [deps.signed('basic')],
    },
    async (request) => {
      const { corpId, agentId } = localEnvironment.workChat;
      const now = deps.now();
      return ok({
        config: signJsSdk(corpId, localTicket(corpId, 'jsapi'), request.body.url, now),
        agentConfig: { ...signJsSdk(corpId, localTicket(corpId, 'agent'), request.body.url, now), agentId },
      });
    },
  );

  app.post(
    '/api/common/send_phone_code',
    {
      schema: { body: SendPhoneCodeRequest, response: responses(SendPhoneCodeResponse) },
      preValidation: [deps.signed('basic')],
      config: { rate: 'smsCode' },
    },
    async (request) => ok(await sendSignInCode(deps, request, request.body.region, request.body.phone)),
  );

  app.post(
    '/api/id/auth/info_mobile_login',
    {
      schema: { body: MobileLoginRequest, response: responses(MobileLoginResponse) },
      preValidation: [deps.signed('basic')],
      config: { rate: 'signIn' },
    },
    async (request) => {
      const { user, session } = await signInWithCode(deps, request.body);
      return ok(userInfo(user, session.token, session.expiresAt));
    },
  );

  app.post(
    '/api/id/auth/info_password_login',
    // Password guessing is limited per address and per account like every sign-in.
    {
      schema: { body: PasswordLoginRequest, response: responses(PasswordLoginResponse) },
      preValidation: [deps.signed('basic')],
      config: { rate: 'signIn' },
    },
    async (request) => {
      const phone = await phoneFrom(deps, request.body.region, request.body.phone);
      const password = await decrypted(deps, request.body.password);
      const now = deps.now();
      // Counted against the account before the password is compared, whatever address it comes from:
      // a locked account answers 429 without a comparison, so neither a race nor rotating addresses helps.
      const attempt = await deps.repos.passwordGuard.begin(phone, now);
      if (!attempt.allowed) throw passwordLocked(attempt.retryAfterSeconds);
      const member = await deps.repos.invitation.members.byPhone(phone);
      const user =
        member?.passwordHash && passwordMatches(password, member.passwordHash)
          ? await deps.repos.invitation.members.user(member.userId)
          : null;
      // One answer for an unknown phone, a member without a password and a wrong one: no account probing.
      if (!user) {
        if (attempt.lastTry) throw passwordLocked(attempt.lockSeconds);
        throw badInput(AuthErrorCode.passwordWrong, '手机号或密码错误；没有设置密码可用验证码登录');
      }
      await deps.repos.passwordGuard.succeeded(phone);
      const session = await deps.repos.users.createSession(user.id, now);
      return ok(userInfo(user, session.token, session.expiresAt));
    },
  );

  app.post(
    '/api/id/logout',
    { schema: { response: responses(LogoutResponse) }, preValidation: [deps.signed('basic')] },
    async (request) => {
      const token = tokenFrom(request.headers);
      if (!token) return ok({ ended: false });
      await deps.repos.users.revokeSession(token, deps.now());
      return ok({ ended: true });
    },
  );
};

/** /live-api/cs-live-app: the phone-region config and the public key. */
export const authLiveAppPlugin: FastifyPluginAsync<ServiceOptions> = async (fastify, { deps }) => {
  const app = fastify.withTypeProvider<TypeBoxProvider>();
  app.get(
    '/api/common/opconfig',
    {
      schema: { querystring: OpConfigQuery, response: responses(PhoneRegionConfigResponse) },
      preValidation: [deps.signed('basic')],
    },
    async () => ok({ key: PHONE_REGION_CONFIG_KEY, value: { codes: OFFERED_REGION_CODES } }),
  );
  app.post(
    '/api/common/get_rsa',
    { schema: { response: responses(RsaKeyResponse) }, preValidation: [deps.signed('basic')] },
    async () => {
      const [key] = await deps.repos.auth.rsaKeys(deps.now());
      return ok({ pubKey: key?.publicKey ?? '' });
    },
  );
};
