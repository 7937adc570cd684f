import type { FastifyInstance, InjectOptions } from 'fastify';

import { MGM_SMS_PREFIX } from '../../src/api/contract/invitation-constants';
import type { Database } from '../db/client';
import { createRepositories } from '../repositories';
import { encryptField } from '../security/rsa';
import { signRequest } from './sign';

export const MGM = '/mgm-service';
let addressSeq = 0;
/** A fresh client address, so one test's sends never count against another's daily limit. */
export const freshAddress = () => `10.200.${Math.floor((addressSeq += 1) / 250)}.${(addressSeq % 250) + 1}`;

export interface Answer<T = Record<string, unknown>> {
  status: number;
  code: number;
  message: string;
  data: T | null;
}

/** Invitation-service calls for tests: signed, with optional mgmtoken / user token and client address. */
export function mgmClient(app: FastifyInstance, database: Database, now: () => Date) {
  const repos = createRepositories(database.db);
  const call = async <T = Record<string, unknown>>(
    path: string,
    body: unknown = {},
    o: { mgmtoken?: string; token?: string; ip?: string } = {},
  ): Promise<Answer<T>> => {
    const headers: Record<string, string> = {};
    if (o.mgmtoken) headers.mgmtoken = o.mgmtoken;
    if (o.token) headers.authorization = `Bearer ${o.token}`;
    const req = signRequest(
      { method: 'POST', url: `${MGM}${path}`, body, headers },
      { scheme: 'basic', now: now() },
    ) as InjectOptions;
    const res = await app.inject({ ...req, remoteAddress: o.ip ?? '127.0.0.1' });
    const json = res.json() as { error: { code: number; message: string }; data: T | null };
    return { status: res.statusCode, code: json.error.code, message: json.error.message, data: json.data };
  };

  const encrypt = async (plain: string) => {
    const key = await call<{ pubKey: string }>('/invite/getRSA');
    return encryptField(plain, key.data!.pubKey);
  };

  /** The code the local SMS page would show for this phone (the shared store). */
  const smsCode = async (phone: string, region = '86') =>
    (await repos.auth.latestSmsCode(`${MGM_SMS_PREFIX}${region}-${phone}`))?.code ?? null;

  /** sendCode then register, as the landing page does. */
  const register = async (
    phone: string,
    o: { shareCode?: string; deviceId?: string; ip?: string; token?: string; password?: string } = {},
  ): Promise<
    Answer<{ mgmtoken: string; flagged: boolean; inviterName: string | null; member: { memberId: number } }>
  > => {
    const ip = o.ip ?? freshAddress();
    const sent = await call('/invite/sendCode', { region: '86', phone }, { ip });
    if (sent.status !== 200) return sent as never;
    const code = (await smsCode(phone))!;
    return call(
      '/invite/register',
      {
        region: '86',
        phone,
        code,
        password: await encrypt(o.password ?? 'abc123'),
        ...(o.shareCode ? { shareCode: o.shareCode } : {}),
        deviceId: o.deviceId ?? `dev-${phone}`,
        agree: true,
      },
      { ip, token: o.token },
    );
  };

  const open = (shareCode: string, deviceId: string, o: { token?: string; mgmtoken?: string } = {}) =>
    call<{ inviterName: string; alreadyInvited: boolean; isSelf: boolean; isMember: boolean }>(
      '/invite/getShareUserInfo',
      { shareCode, deviceId },
      o,
    );

  return { call, encrypt, smsCode, register, open, repos };
}
