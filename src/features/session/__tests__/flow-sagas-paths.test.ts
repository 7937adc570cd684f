import { ApiError } from '../../../api/errors';
import { replaceWith } from '../../../platform/location';
import { readItem, StorageKey, writeItem } from '../../../platform/storage';
import {
  sessionAuthorizationStarted,
  sessionCheckFailed,
  sessionSignedIn,
  sessionSignedOut,
} from '../store/session-slice';
import type { SessionFlow } from '../store/types';
import { runCheckAt } from './check-run';
import { adviserInfo, fakeAuth, fakeServices } from './fakes';

// The less travelled branches of the three sign-in flows: stored state without a token, empty answers,
// profiles that cannot be read, tokens that belong to another sign-in.
const NOW = 1_750_000_000_000;
const WORK = 'http://localhost/marketMapIndex?from=menu';
const WEB = 'http://localhost/about/7';
const SHARE = 'http://localhost/wechatH5?inviter=u1';
const NO_ANSWER = { kind: 'network', code: null, httpStatus: null, message: '网络连接失败，请检查网络后重试' } as const;

const run = (flow: SessionFlow, href: string, auth: ReturnType<typeof fakeAuth>) =>
  runCheckAt(flow, href, fakeServices(auth, NOW));

beforeEach(() => localStorage.clear());

describe('work chat', () => {
  const SAME = `${WORK}&code=same-code-1234567`;
  beforeEach(() => {
    writeItem(StorageKey.latestWeworkCode, 'same-code-1234567');
    writeItem(StorageKey.accountTime, String(NOW - 1000));
  });

  it('same code without a user token: the token is fetched again with the stored account', async () => {
    writeItem(StorageKey.customerId, 'u1');
    writeItem(StorageKey.accountId, 'sid-1');
    const auth = fakeAuth({ getToken: jest.fn().mockResolvedValue(adviserInfo) });
    await run('workChat', SAME, auth)
      .put(sessionSignedIn({ flow: 'workChat', at: NOW - 1000 }))
      .run();
    expect(auth.getToken).toHaveBeenCalledWith('u1', 'sid-1');
    expect(readItem(StorageKey.userToken)).toBe('tok-u1');
  });

  it('same code without a user token or a stored account, or with no answer: failed, nothing asked', async () => {
    writeItem(StorageKey.customerId, 'u1');
    const auth = fakeAuth({ getToken: jest.fn().mockResolvedValue(null) });
    await run('workChat', SAME, auth)
      .put(sessionCheckFailed({ flow: 'workChat', error: NO_ANSWER }))
      .run();
    expect(auth.getToken).not.toHaveBeenCalled();
    writeItem(StorageKey.accountId, 'sid-1');
    await run('workChat', SAME, auth)
      .put(sessionCheckFailed({ flow: 'workChat', error: NO_ANSWER }))
      .run();
    expect(auth.getToken).toHaveBeenCalledWith('u1', 'sid-1');
  });

  it('a stored time that is no number counts as expired', async () => {
    writeItem(StorageKey.accountTime, 'yesterday');
    writeItem(StorageKey.userToken, 'tok');
    await run('workChat', SAME, fakeAuth())
      .put(sessionAuthorizationStarted({ flow: 'workChat', reason: 'expired' }))
      .run();
  });

  it('a new code with no login answer authorizes again; no user info is a failure', async () => {
    const none = fakeAuth({ workWechatLogin: jest.fn().mockResolvedValue(null) });
    await run('workChat', `${WORK}&code=new-code-123456789`, none)
      .put(sessionAuthorizationStarted({ flow: 'workChat', reason: 'no-sid' }))
      .run();
    const noInfo = fakeAuth({
      workWechatLogin: jest.fn().mockResolvedValue({ sid: 'sid-1', fp_code: 'u1' }),
      getToken: jest.fn().mockResolvedValue(null),
    });
    await run('workChat', `${WORK}&code=new-code-123456789`, noInfo)
      .put(sessionCheckFailed({ flow: 'workChat', error: NO_ANSWER }))
      .run();
  });
});

describe('web chat', () => {
  const CODE = `${WEB}?code=wx-code-123456789&state=webChat`;

  it('a bound account: its profile is stored and its token is the one used', async () => {
    const auth = fakeAuth({
      webChatExchange: jest.fn().mockResolvedValue({ token: 'wx-tok', isBind: 1, user_id: 'u1' }),
      getToken: jest.fn().mockResolvedValue(adviserInfo),
    });
    await run('webChat', CODE, auth)
      .put(sessionSignedIn({ flow: 'webChat', at: NOW }))
      .run();
    expect(auth.getToken).toHaveBeenCalledWith('u1', 'wx-tok');
    expect(JSON.parse(readItem(StorageKey.userInfos) ?? '{}')).toEqual(adviserInfo);
    expect(readItem(StorageKey.token)).toBe('tok-u1');
  });

  it.each([
    ['no profile', jest.fn().mockResolvedValue(null)],
    ['a profile that fails', jest.fn().mockRejectedValue(new ApiError({ kind: 'network' }))],
  ])('a bound account with %s still signs in with the exchanged token', async (_, getToken) => {
    const auth = fakeAuth({
      webChatExchange: jest.fn().mockResolvedValue({ token: 'wx-tok', isBind: 1, user_id: 'u1' }),
      getToken,
    });
    await run('webChat', CODE, auth)
      .put(sessionSignedIn({ flow: 'webChat', at: NOW }))
      .run();
    expect(readItem(StorageKey.token)).toBe('wx-tok');
    expect(readItem(StorageKey.userInfos)).toBeNull();
  });

  it('no answer, or a network failure, is a failed web-chat check, not a new authorization', async () => {
    await run('webChat', CODE, fakeAuth({ webChatExchange: jest.fn().mockResolvedValue(null) }))
      .put(sessionCheckFailed({ flow: 'webChat', error: NO_ANSWER }))
      .not.call.fn(replaceWith)
      .run();
    const down = fakeAuth({ webChatExchange: jest.fn().mockRejectedValue(new ApiError({ kind: 'network' })) });
    await run('webChat', CODE, down)
      .put(sessionCheckFailed({ flow: 'webChat', error: NO_ANSWER }))
      .not.call.fn(replaceWith)
      .run();
  });

  it.each([
    ['a token bound "false"', 'wx-tok', 'false'],
    ['a bound flag without a token', null, '1'],
  ])('no code and %s → signed out', async (_, token, bound) => {
    if (token) writeItem(StorageKey.wechatToken, token);
    writeItem(StorageKey.wechatIsBind, bound);
    await run('webChat', WEB, fakeAuth())
      .put(sessionSignedOut({ flow: 'webChat' }))
      .run();
  });

  it("signing out of web chat keeps an SMS sign-in's token", async () => {
    writeItem(StorageKey.wechatToken, 'wx-tok');
    writeItem(StorageKey.token, 'sms-tok');
    await run('webChat', WEB, fakeAuth())
      .put(sessionSignedOut({ flow: 'webChat' }))
      .run();
    expect(readItem(StorageKey.token)).toBe('sms-tok');
    localStorage.clear();
    writeItem(StorageKey.token, 'sms-tok');
    await run('webChat', WEB, fakeAuth())
      .put(sessionSignedOut({ flow: 'webChat' }))
      .run();
    expect(readItem(StorageKey.token)).toBe('sms-tok');
  });
});

describe('share page', () => {
  const CODE = `${SHARE}&code=wx-code-123456789`;
  const signature = { appId: 'a', timestamp: 1, nonceStr: 'n', signature: 's' };

  it("a token with a user: the user's profile is stored", async () => {
    const auth = fakeAuth({
      wechatShare: jest.fn().mockResolvedValue({ ...signature, token: 'share-tok', user_id: 'u1' }),
      getToken: jest.fn().mockResolvedValue(adviserInfo),
    });
    await run('share', CODE, auth)
      .put(sessionSignedIn({ flow: 'share', at: NOW }))
      .run();
    expect(auth.getToken).toHaveBeenCalledWith('u1', 'share-tok');
    expect(readItem(StorageKey.token)).toBe('tok-u1');
  });

  it('a user without a token: no profile asked, no token stored, still signed in', async () => {
    const auth = fakeAuth({ wechatShare: jest.fn().mockResolvedValue({ ...signature, user_id: 'u1' }) });
    await run('share', CODE, auth)
      .put(sessionSignedIn({ flow: 'share', at: NOW }))
      .run();
    expect(auth.getToken).not.toHaveBeenCalled();
    expect(readItem(StorageKey.token)).toBeNull();
  });

  it('no answer, or a network failure, is a failed share check, not a new authorization', async () => {
    await run('share', CODE, fakeAuth({ wechatShare: jest.fn().mockResolvedValue(null) }))
      .put(sessionCheckFailed({ flow: 'share', error: NO_ANSWER }))
      .not.call.fn(replaceWith)
      .run();
    const down = fakeAuth({ wechatShare: jest.fn().mockRejectedValue(new ApiError({ kind: 'network' })) });
    await run('share', CODE, down)
      .put(sessionCheckFailed({ flow: 'share', error: NO_ANSWER }))
      .not.call.fn(replaceWith)
      .run();
  });
});
