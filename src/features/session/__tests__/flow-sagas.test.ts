import { ApiError } from '../../../api/errors';
import { replaceWith } from '../../../platform/location';
import { readItem, StorageKey, writeItem } from '../../../platform/storage';
import {
  sessionAuthorizationStarted,
  sessionCheckFailed,
  sessionCheckRequested,
  sessionSignedIn,
  sessionSignedOut,
} from '../store/session-slice';
import { runCheckAt } from './check-run';
import { adviserInfo, fakeAuth, fakeServices } from './fakes';

import { rootReducer } from '@/store';

const NOW = 1_750_000_000_000;
const HERE = 'http://localhost/marketMapIndex?from=menu';

/** The address the saga sent the browser to, parsed. */
function redirectOf(effects: { call?: Array<{ payload: { fn: unknown; args: unknown[] } }> }): URL | null {
  const sent = (effects.call ?? []).find((e) => e.payload.fn === replaceWith);
  return sent ? new URL(sent.payload.args[0] as string, 'http://localhost') : null;
}

beforeEach(() => localStorage.clear());

describe('work-chat session (docs/rules/states.md#work-chat-session)', () => {
  it('no code → the WeCom authorization address, in the real format, coming back here', async () => {
    const { effects, storeState } = await runCheckAt('workChat', HERE, fakeServices(fakeAuth(), NOW))
      .put(sessionAuthorizationStarted({ flow: 'workChat', reason: 'no-code' }))
      .run();
    const to = redirectOf(effects);
    expect(to?.pathname).toBe('/__local-auth/wecom/connect/oauth2/authorize');
    expect(Object.fromEntries(to?.searchParams ?? [])).toEqual({
      appid: 'ww-local-corp',
      redirect_uri: HERE,
      response_type: 'code',
      scope: 'snsapi_base',
      state: 'workChat',
      agentid: '1000001',
    });
    expect(to?.hash).toBe('#wechat_redirect');
    expect(storeState.session.flows.workChat.status).toBe('redirecting');
  });

  it('a new code → work-wechat-login, sid/fp_code/time/code stored, user token fetched and stored whole', async () => {
    const auth = fakeAuth({
      workWechatLogin: jest.fn().mockResolvedValue({ sid: 'sid-1', fp_code: 'u1' }),
      getToken: jest.fn().mockResolvedValue(adviserInfo),
    });
    localStorage.setItem('latest_wework_code', 'old-code');
    const { storeState } = await runCheckAt(
      'workChat',
      `${HERE}&code=new-code-123456789&state=workChat`,
      fakeServices(auth, NOW),
    )
      .put(sessionSignedIn({ flow: 'workChat', at: NOW }))
      .not.call.fn(replaceWith)
      .run();
    expect(auth.workWechatLogin).toHaveBeenCalledWith('new-code-123456789');
    expect(auth.getToken).toHaveBeenCalledWith('u1', 'sid-1');
    expect(readItem(StorageKey.accountId)).toBe('sid-1');
    expect(readItem(StorageKey.customerId)).toBe('u1');
    expect(readItem(StorageKey.accountTime)).toBe(String(NOW));
    expect(readItem(StorageKey.latestWeworkCode)).toBe('new-code-123456789');
    expect(readItem(StorageKey.token)).toBe('tok-u1');
    expect(readItem(StorageKey.userToken)).toBe('tok-u1');
    expect(JSON.parse(readItem(StorageKey.userInfos) ?? '{}')).toEqual(adviserInfo);
    expect(storeState.session.flows.workChat).toEqual({ status: 'signedIn', error: null, signedInAt: NOW });
  });

  it('login success without sid → authorize again, nothing stored', async () => {
    const auth = fakeAuth({ workWechatLogin: jest.fn().mockResolvedValue({ sid: '', fp_code: 'u1' }) });
    const { effects } = await runCheckAt('workChat', `${HERE}&code=c-1234567890123456`, fakeServices(auth, NOW))
      .put(sessionAuthorizationStarted({ flow: 'workChat', reason: 'no-sid' }))
      .run();
    expect(redirectOf(effects)?.searchParams.get('redirect_uri')).toBe(HERE);
    expect(readItem(StorageKey.accountId)).toBeNull();
  });

  it('same code within 20 hours → signed in without any call', async () => {
    const auth = fakeAuth();
    writeItem(StorageKey.latestWeworkCode, 'same-code-1234567');
    writeItem(StorageKey.accountTime, String(NOW - 72_000_000));
    writeItem(StorageKey.userToken, 'tok');
    await runCheckAt('workChat', `${HERE}&code=same-code-1234567`, fakeServices(auth, NOW))
      .put(sessionSignedIn({ flow: 'workChat', at: NOW - 72_000_000 }))
      .run();
    expect(auth.workWechatLogin).not.toHaveBeenCalled();
    expect(auth.getToken).not.toHaveBeenCalled();
  });

  it("same code, account time 20 hours + 1 ms old → authorize again (the clock is the saga services')", async () => {
    writeItem(StorageKey.latestWeworkCode, 'same-code-1234567');
    writeItem(StorageKey.accountTime, String(NOW - 72_000_001));
    const { effects } = await runCheckAt('workChat', `${HERE}&code=same-code-1234567`, fakeServices(fakeAuth(), NOW))
      .put(sessionAuthorizationStarted({ flow: 'workChat', reason: 'expired' }))
      .run();
    expect(redirectOf(effects)?.searchParams.get('redirect_uri')).toBe(HERE);
  });

  it('a refused (used) code → authorize again; a network failure → failed with its message', async () => {
    const used = fakeAuth({
      workWechatLogin: jest.fn().mockRejectedValue(new ApiError({ kind: 'business', code: 40163 })),
    });
    await runCheckAt('workChat', `${HERE}&code=c-1234567890123456`, fakeServices(used, NOW))
      .put(sessionAuthorizationStarted({ flow: 'workChat', reason: 'code-refused' }))
      .run();
    const down = fakeAuth({ workWechatLogin: jest.fn().mockRejectedValue(new ApiError({ kind: 'network' })) });
    const { storeState } = await runCheckAt('workChat', `${HERE}&code=c-1234567890123456`, fakeServices(down, NOW))
      .put(
        sessionCheckFailed({
          flow: 'workChat',
          error: { kind: 'network', code: null, httpStatus: null, message: '网络连接失败，请检查网络后重试' },
        }),
      )
      .run();
    expect(storeState.session.flows.workChat.status).toBe('failed');
  });
});

describe('web-chat sign-in (docs/rules/states.md#web-chat-sign-in)', () => {
  const PAGE = 'http://localhost/about/7';

  it('code → exchange with wxCode, appId, type 2; code 0 stores token and bound flag', async () => {
    const auth = fakeAuth({ webChatExchange: jest.fn().mockResolvedValue({ token: 'wx-tok', isBind: 1 }) });
    await runCheckAt('webChat', `${PAGE}?code=wx-code-123456789&state=webChat`, fakeServices(auth, NOW))
      .put(sessionSignedIn({ flow: 'webChat', at: NOW }))
      .run();
    expect(auth.webChatExchange).toHaveBeenCalledWith('wx-code-123456789', 'wx-local-mp');
    expect(readItem(StorageKey.wechatToken)).toBe('wx-tok');
    expect(readItem(StorageKey.wechatIsBind)).toBe('1');
    expect(readItem(StorageKey.token)).toBe('wx-tok');
  });

  it.each([40163, 40029])('code %i → authorize again, back to the page without the old code', async (code) => {
    const auth = fakeAuth({ webChatExchange: jest.fn().mockRejectedValue(new ApiError({ kind: 'business', code })) });
    const { effects } = await runCheckAt(
      'webChat',
      `${PAGE}?code=wx-code-123456789&state=webChat`,
      fakeServices(auth, NOW),
    )
      .put(sessionAuthorizationStarted({ flow: 'webChat', reason: 'code-refused' }))
      .run();
    const to = redirectOf(effects);
    expect(to?.pathname).toBe('/__local-auth/wechat/connect/oauth2/authorize');
    expect(to?.searchParams.get('redirect_uri')).toBe(PAGE);
    expect(to?.searchParams.get('scope')).toBe('snsapi_userinfo');
    expect(readItem(StorageKey.wechatToken)).toBeNull();
  });

  it('no code + stored token with a truthy bound flag → signed in', async () => {
    writeItem(StorageKey.wechatToken, 'wx-tok');
    writeItem(StorageKey.wechatIsBind, '1');
    await runCheckAt('webChat', PAGE, fakeServices(fakeAuth(), NOW))
      .put(sessionSignedIn({ flow: 'webChat', at: NOW }))
      .not.call.fn(replaceWith)
      .run();
  });

  it('no code + unbound token → stored values cleared, signed out, no redirect', async () => {
    writeItem(StorageKey.wechatToken, 'wx-tok');
    writeItem(StorageKey.wechatIsBind, '0');
    writeItem(StorageKey.token, 'wx-tok');
    await runCheckAt('webChat', PAGE, fakeServices(fakeAuth(), NOW))
      .put(sessionSignedOut({ flow: 'webChat' }))
      .not.call.fn(replaceWith)
      .run();
    expect(readItem(StorageKey.wechatToken)).toBeNull();
    expect(readItem(StorageKey.wechatIsBind)).toBeNull();
    expect(readItem(StorageKey.token)).toBeNull();
  });
});

describe('share-page auth (docs/rules/states.md#share-page-auth)', () => {
  const PAGE = 'http://localhost/wechatH5?inviter=u1';

  it('-1 → authorize again', async () => {
    const auth = fakeAuth({ wechatShare: jest.fn().mockRejectedValue(new ApiError({ kind: 'business', code: -1 })) });
    const { effects } = await runCheckAt('share', `${PAGE}&code=wx-code-123456789`, fakeServices(auth, NOW))
      .put(sessionAuthorizationStarted({ flow: 'share', reason: 'code-refused' }))
      .run();
    expect(redirectOf(effects)?.searchParams.get('redirect_uri')).toBe(PAGE);
  });

  it('otherwise the token is saved', async () => {
    const auth = fakeAuth({
      wechatShare: jest
        .fn()
        .mockResolvedValue({ appId: 'a', timestamp: 1, nonceStr: 'n', signature: 's', token: 'share-tok' }),
    });
    await runCheckAt('share', `${PAGE}&code=wx-code-123456789`, fakeServices(auth, NOW))
      .put(sessionSignedIn({ flow: 'share', at: NOW }))
      .run();
    expect(auth.wechatShare).toHaveBeenCalledWith(PAGE, 'wx-code-123456789');
    expect(readItem(StorageKey.token)).toBe('share-tok');
  });

  it('no code and no token → authorize; no code with a token → signed in', async () => {
    await runCheckAt('share', PAGE, fakeServices(fakeAuth(), NOW))
      .put(sessionAuthorizationStarted({ flow: 'share', reason: 'no-code' }))
      .run();
    writeItem(StorageKey.token, 't');
    await runCheckAt('share', PAGE, fakeServices(fakeAuth(), NOW))
      .put(sessionSignedIn({ flow: 'share', at: NOW }))
      .run();
  });
});

describe('check requests', () => {
  it('a request while a check runs is refused by the reducer', () => {
    const checking = rootReducer(undefined, sessionCheckRequested({ flow: 'webChat' }));
    const again = rootReducer(checking, sessionCheckRequested({ flow: 'webChat' }));
    expect(again).toBe(checking);
    expect(rootReducer(checking, sessionSignedOut({ flow: 'workChat' })).session!.flows.workChat.status).toBe('idle');
  });
});
