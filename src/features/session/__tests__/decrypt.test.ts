import AES from 'crypto-js/aes';
import Utf8 from 'crypto-js/enc-utf8';
import ECB from 'crypto-js/mode-ecb';
import Pkcs7 from 'crypto-js/pad-pkcs7';

import { createAuthApi } from '../api';

import { ApiError } from '@/api/errors';
import { requestData } from '@/api/request';
import { createServiceClients } from '@/api/services';
import { fakeTransport, testContext, testEnvironment } from '@/api/testing/fake-transport';

const KEY = 'local-aes-key-16';
const encrypt = (value: unknown, key = KEY) =>
  AES.encrypt(JSON.stringify(value), Utf8.parse(key), { mode: ECB, padding: Pkcs7 }).toString();
const codeAnswer = (data: unknown) => ({ status: 200, body: { code: 0, msg: 'ok', data } });
const user = { gid: 'u4', real_name: '李女士', avatar: '/static/avatars/u4.svg', role: 'customer' };

describe('AES response decryption (opt-in per request)', () => {
  it('userInfoByGid decrypts encrypt_data with the environment key before the shape check', async () => {
    const clients = createServiceClients(
      testEnvironment,
      testContext(),
      fakeTransport(codeAnswer({ encrypt_data: encrypt(user) })).adapter,
    );
    await expect(createAuthApi(clients, KEY).userInfoByGid('u4')).resolves.toEqual(user);
  });

  it('a wrong key or a missing field is ApiError malformed, not garbage data', async () => {
    const wrongKey = createServiceClients(
      testEnvironment,
      testContext(),
      fakeTransport(codeAnswer({ encrypt_data: encrypt(user, 'another-key-1234') })).adapter,
    );
    await expect(createAuthApi(wrongKey, KEY).userInfoByGid('u4')).rejects.toMatchObject({ kind: 'malformed' });
    const plain = createServiceClients(testEnvironment, testContext(), fakeTransport(codeAnswer(user)).adapter);
    const error = await createAuthApi(plain, KEY)
      .userInfoByGid('u4')
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).detail).toContain('encrypt_data');
  });

  it('requests without the option are left as they are', async () => {
    const clients = createServiceClients(
      testEnvironment,
      testContext(),
      fakeTransport(codeAnswer({ encrypt_data: 'x' })).adapter,
    );
    await expect(requestData(clients.common, { url: '/x' }, { envelope: 'code' })).resolves.toEqual({
      encrypt_data: 'x',
    });
  });
});
