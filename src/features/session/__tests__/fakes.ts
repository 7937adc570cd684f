import type { AuthApi, UserInfo } from '../api';

import type { SagaServices } from '@/store';

export const adviserInfo: UserInfo = {
  token: 'tok-u1',
  expires_at: 2_000_000_000,
  user_id: 'u1',
  uuid: 'u1',
  employee_id: 'E0001',
  real_name: '王建国',
  avatar: '',
  group_no: null,
  union_id: null,
  employee: { employee_id: 'E0001', name: '王建国', is_financial_advisor: 1, title: '', department: '' },
};

export function fakeAuth(overrides: Partial<AuthApi> = {}): AuthApi {
  return {
    workWechatLogin: jest.fn(),
    getToken: jest.fn(),
    webChatExchange: jest.fn(),
    wechatShare: jest.fn(),
    weworkJsSdk: jest.fn(),
    phoneRegionList: jest.fn(),
    phoneRegionConfig: jest.fn(),
    publicKey: jest.fn(),
    sendPhoneCode: jest.fn(),
    appSendPhoneCode: jest.fn(),
    checkCode: jest.fn(),
    openWealthLogin: jest.fn(),
    mobileLogin: jest.fn(),
    generateScheme: jest.fn(),
    userInfoByGid: jest.fn(),
    ...overrides,
  } as AuthApi;
}

export function fakeServices(auth: AuthApi, now: number, path = '/'): SagaServices & { navigate: jest.Mock } {
  return {
    api: {} as SagaServices['api'],
    auth,
    navigate: jest.fn(),
    currentPath: () => path,
    now: () => now,
  };
}
