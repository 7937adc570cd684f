import { runSaga, type Saga } from 'redux-saga';
import { delay } from 'redux-saga/effects';
import { expectSaga, testSaga } from 'redux-saga-test-plan';
import * as matchers from 'redux-saga-test-plan/matchers';
import { dynamic, type EffectProviders, type StaticProvider } from 'redux-saga-test-plan/providers';

import { SHARE_SETUP_DELAY_MS } from '../../../api/contract/auth-constants';
import { ApiError } from '../../../api/errors';
import { silentRunVirtually } from '../../../lib/testing/virtual-time';
import { currentContext, detectContext } from '../../../platform/context';
import { currentUrl } from '../../../platform/location';
import {
  shareCompleted,
  shareMenuApplied,
  shareMenuConfigured,
  shareMenuFailed,
  shareMenuHidden,
  shareMenuUnavailable,
} from '../store/session-slice';
import { loadWx, SDK_READY_TIMEOUT_MS, setupShareMenu, shareCallbacks, type WxLike } from '../store/share-saga';
import { fakeAuth, fakeServices } from './fakes';

import { trackingEventRequested } from '@/features/tracking';
import { rootReducer } from '@/store';

const HERE = 'http://localhost/?uuid=u1&from=weapp&code=abc&state=share#top';
const WECHAT = detectContext({ userAgent: 'Mozilla/5.0 (iPhone) MicroMessenger/8.0.50', search: '', cookie: '' });
const WECOM = detectContext({
  userAgent: 'Mozilla/5.0 (iPhone) MicroMessenger/8.0.50 wxwork/4.1',
  search: '',
  cookie: '',
});
const BROWSER = detectContext({ userAgent: 'Mozilla/5.0 (iPhone) Safari', search: '', cookie: '' });
const CONFIG = { appId: 'wx-local', timestamp: 1_750_000_000, nonceStr: 'n0nce', signature: 'a'.repeat(40) };

const delayFn = delay(1).payload.fn;
/** Time under the test's control: the 1000 ms setup delay passes at once (and is recorded). */
const skipped: number[] = [];
const clock = dynamic((effect: { args: unknown[] }, next: () => unknown) => {
  if (effect.args[0] !== SHARE_SETUP_DELAY_MS) return next();
  skipped.push(SHARE_SETUP_DELAY_MS);
  return undefined;
});

type Wx = WxLike & { [K in keyof WxLike]: jest.Mock } & { share(kind: 'appMessage' | 'timeline'): void };

/** A JS-SDK that answers config with ready (or error) and lets the test fire share callbacks. */
function fakeWx(fail?: string, answer = true): Wx {
  let onReady: () => void = () => undefined;
  let onError: (e: { errMsg: string }) => void = () => undefined;
  const hooks: Record<string, () => void> = {};
  const wx = {
    // `answer: false` is an SDK that never calls back (outside WeChat, or a page it never loads in).
    config: jest.fn(() => {
      if (answer) queueMicrotask(() => (fail !== undefined ? onError({ errMsg: fail }) : onReady()));
    }),
    ready: jest.fn((fn: () => void) => (onReady = fn)),
    error: jest.fn((fn: (e: { errMsg: string }) => void) => (onError = fn)),
    updateAppMessageShareData: jest.fn(),
    updateTimelineShareData: jest.fn(),
    onMenuShareAppMessage: jest.fn((p: { success: () => void }) => (hooks.appMessage = p.success)),
    onMenuShareTimeline: jest.fn((p: { success: () => void }) => (hooks.timeline = p.success)),
    hideOptionMenu: jest.fn(),
    showOptionMenu: jest.fn(),
    share: (kind: 'appMessage' | 'timeline') => hooks[kind]?.(),
  };
  return wx as unknown as Wx;
}

function run(
  action: ReturnType<typeof shareMenuConfigured> | ReturnType<typeof shareMenuHidden>,
  context: typeof WECHAT,
  wx: Wx,
  auth = fakeAuth({ wechatShare: jest.fn().mockResolvedValue({ ...CONFIG, token: null }) }),
  extra: (EffectProviders | StaticProvider)[] = [],
) {
  return expectSaga(setupShareMenu, action)
    .withReducer(rootReducer, rootReducer(undefined, action))
    .provide([
      ...extra,
      [matchers.getContext('services'), fakeServices(auth, 0)],
      [matchers.call.fn(currentContext), context],
      [matchers.call.fn(currentUrl), HERE],
      [matchers.call.fn(loadWx), wx],
      [matchers.call.fn(delayFn), clock],
    ]);
}

const MENU = { title: '直播', desc: '财富直播：近期直播与回放' };

/** The menu set in WeChat, then shared to `channel`: it completes and is tracked as common_share_click. */
function sharedTo(channel: 'appMessage' | 'timeline') {
  const wx = fakeWx();
  setTimeout(() => wx.share(channel), 100);
  return silentRunVirtually(
    run(shareMenuConfigured(MENU), WECHAT, wx)
      .put(shareCompleted({ channel }))
      .put(
        trackingEventRequested({
          name: 'common_share_click',
          data: { channel, title: '直播', link: 'http://localhost/?from=weapp' },
        }),
      ),
    400,
  );
}

describe('share setup delay on a fake clock (docs/rules/states.md#share-menus: 1000 ms)', () => {
  beforeEach(() => jest.useFakeTimers());
  afterEach(() => jest.useRealTimers());

  it('does nothing at 999 ms and goes on at 1000 ms', async () => {
    const dispatched: string[] = [];
    const task = runSaga(
      {
        dispatch: (a: { type: string }) => dispatched.push(a.type),
        getState: () => rootReducer(undefined, { type: '@@init' }),
        context: { services: fakeServices(fakeAuth(), 0) },
      },
      setupShareMenu as Saga,
      shareMenuHidden(),
    );
    await jest.advanceTimersByTimeAsync(999);
    expect(dispatched).toEqual([]);
    await jest.advanceTimersByTimeAsync(1);
    // jsdom is neither WeChat nor WeCom: past the delay the saga finds no SDK to set.
    expect(dispatched).toEqual([shareMenuUnavailable.type]);
    expect(task.isRunning()).toBe(false);
  });
});

describe('share menu (docs/rules/states.md#share-menus, docs/rules/constants.md#sessions-and-share-menus)', () => {
  // The share callback below comes on the same fake clock the saga runs on.
  beforeEach(() => jest.useFakeTimers());
  afterEach(() => jest.useRealTimers());
  it('waits 1000 ms before anything else (first effect), without real waiting', async () => {
    expect(SHARE_SETUP_DELAY_MS).toBe(1000);
    testSaga(setupShareMenu, shareMenuConfigured(MENU)).next().call(delayFn, 1000).next().call(currentContext);
    skipped.length = 0;
    await silentRunVirtually(run(shareMenuHidden(), WECHAT, fakeWx()).put(shareMenuApplied({ hidden: true })), 500);
    // The delay was skipped by the virtual clock, at its spec length: the test never waits 1000 ms of real time.
    expect(skipped).toEqual([SHARE_SETUP_DELAY_MS]);
  });

  it("configured in WeChat: signs the page without its fragment, sets both menus, link without code/state or the sharer's uuid", async () => {
    const auth = fakeAuth({ wechatShare: jest.fn().mockResolvedValue({ ...CONFIG, token: null }) });
    const wx = fakeWx();
    const { storeState } = await silentRunVirtually(
      run(shareMenuConfigured(MENU), WECHAT, wx, auth).put(shareMenuApplied({ hidden: false })),
      400,
    );
    expect(auth.wechatShare).toHaveBeenCalledWith('http://localhost/?uuid=u1&from=weapp&code=abc&state=share');
    expect(wx.config).toHaveBeenCalledWith(
      expect.objectContaining({
        appId: 'wx-local',
        signature: CONFIG.signature,
        jsApiList: expect.arrayContaining(['updateAppMessageShareData']),
      }),
    );
    expect(wx.updateAppMessageShareData).toHaveBeenCalledWith(
      expect.objectContaining({ title: '直播', desc: MENU.desc, link: 'http://localhost/?from=weapp' }),
    );
    expect(wx.updateTimelineShareData).toHaveBeenCalledWith(expect.objectContaining({ title: '直播' }));
    expect(wx.hideOptionMenu).not.toHaveBeenCalled();
    expect(storeState.session.share.status).toBe('shown');
  });

  it('hidden: hides the menu and sets no share data', async () => {
    const wx = fakeWx();
    const { storeState } = await silentRunVirtually(
      run(shareMenuHidden(), WECHAT, wx).put(shareMenuApplied({ hidden: true })),
      400,
    );
    expect(wx.hideOptionMenu).toHaveBeenCalled();
    expect(wx.updateAppMessageShareData).not.toHaveBeenCalled();
    expect(storeState.session.share.status).toBe('hidden');
  });

  it('WeCom: signs with js_sdk_config and configures with beta', async () => {
    const auth = fakeAuth({
      weworkJsSdk: jest
        .fn()
        .mockResolvedValue({ config: { ...CONFIG, appId: 'ww-corp' }, agentConfig: { ...CONFIG, agentId: '1' } }),
    });
    const wx = fakeWx();
    await silentRunVirtually(
      run(shareMenuConfigured(MENU), WECOM, wx, auth).put(shareMenuApplied({ hidden: false })),
      400,
    );
    expect(auth.weworkJsSdk).toHaveBeenCalled();
    expect(wx.config).toHaveBeenCalledWith(expect.objectContaining({ beta: true, appId: 'ww-corp' }));
  });

  it('SDK config refused → a typed failure, nothing thrown', async () => {
    const { storeState } = await silentRunVirtually(
      run(shareMenuConfigured(MENU), WECHAT, fakeWx('config:invalid signature')).put.like({
        action: { type: shareMenuFailed.type },
      }),
      400,
    );
    expect(storeState.session.share.status).toBe('failed');
    expect(storeState.session.share.error?.message).toContain('invalid signature');
  });

  it('signing call fails → failure with the API error info', async () => {
    const auth = fakeAuth({ wechatShare: jest.fn().mockRejectedValue(new ApiError({ kind: 'network' })) });
    const { storeState } = await silentRunVirtually(run(shareMenuConfigured(MENU), WECHAT, fakeWx(), auth), 400);
    expect(storeState.session.share.error?.kind).toBe('network');
  });

  it('outside WeChat/WeCom: unsupported, no SDK loaded', async () => {
    await silentRunVirtually(
      run(shareMenuConfigured(MENU), BROWSER, fakeWx()).put(shareMenuUnavailable()).not.call.fn(loadWx),
      400,
    );
  });

  it('a share callback → shareCompleted and the tracking event common_share_click', async () => {
    const { storeState } = await sharedTo('timeline');
    expect(storeState.session.share.shares).toBe(1);
  });

  it('signs for the six share APIs only, with debug off and no beta in WeChat; empty picture when none is given', async () => {
    const wx = fakeWx();
    await silentRunVirtually(run(shareMenuConfigured(MENU), WECHAT, wx).put(shareMenuApplied({ hidden: false })), 400);
    expect(wx.config).toHaveBeenCalledWith({
      debug: false,
      appId: 'wx-local',
      timestamp: 1_750_000_000,
      nonceStr: 'n0nce',
      signature: CONFIG.signature,
      jsApiList: [
        'updateAppMessageShareData',
        'updateTimelineShareData',
        'onMenuShareAppMessage',
        'onMenuShareTimeline',
        'hideOptionMenu',
        'showOptionMenu',
      ],
    });
    const common = { desc: MENU.desc, link: 'http://localhost/?from=weapp', imgUrl: '' };
    expect(wx.updateAppMessageShareData).toHaveBeenCalledWith({ ...common, title: '直播' });
    expect(wx.updateTimelineShareData).toHaveBeenCalledWith({
      title: '直播',
      link: 'http://localhost/?from=weapp',
      imgUrl: '',
    });
    expect(wx.onMenuShareAppMessage).toHaveBeenCalledWith({ ...common, title: '直播', success: expect.any(Function) });
    expect(wx.showOptionMenu).toHaveBeenCalled();
  });

  it("a menu's own link, picture and timeline title are what WeChat shares", async () => {
    const wx = fakeWx();
    const menu = {
      ...MENU,
      link: 'http://localhost/lives/7?token=t0k&from=weapp',
      imgUrl: 'http://localhost/cover.png',
      timelineTitle: '直播：朋友圈',
    };
    await silentRunVirtually(run(shareMenuConfigured(menu), WECHAT, wx).put(shareMenuApplied({ hidden: false })), 400);
    expect(wx.updateAppMessageShareData).toHaveBeenCalledWith({
      title: '直播',
      desc: MENU.desc,
      link: 'http://localhost/lives/7?from=weapp',
      imgUrl: 'http://localhost/cover.png',
    });
    expect(wx.onMenuShareTimeline).toHaveBeenCalledWith({
      title: '直播：朋友圈',
      link: 'http://localhost/lives/7?from=weapp',
      imgUrl: 'http://localhost/cover.png',
      success: expect.any(Function),
    });
  });

  it('no signature from the backend → 未取得签名, the SDK never configured (WeChat and WeCom)', async () => {
    const wechat = fakeWx();
    const noShare = fakeAuth({ wechatShare: jest.fn().mockResolvedValue(null) });
    const { storeState } = await silentRunVirtually(run(shareMenuConfigured(MENU), WECHAT, wechat, noShare), 400);
    expect(storeState.session.share.error).toEqual({
      kind: 'http',
      code: null,
      httpStatus: null,
      message: '分享设置失败：未取得签名，请稍后重试',
    });
    expect(wechat.config).not.toHaveBeenCalled();

    const wecom = fakeWx();
    const noJsSdk = fakeAuth({ weworkJsSdk: jest.fn().mockResolvedValue(null) });
    const after = await silentRunVirtually(run(shareMenuConfigured(MENU), WECOM, wecom, noJsSdk), 400);
    expect(after.storeState.session.share.error?.message).toBe('分享设置失败：未取得签名，请稍后重试');
    expect(wecom.config).not.toHaveBeenCalled();
  });

  it('an SDK that never answers: still waiting just before 10,000 ms, 微信接口未就绪 after', async () => {
    expect(SDK_READY_TIMEOUT_MS).toBe(10_000);
    const before = await silentRunVirtually(run(shareMenuConfigured(MENU), WECHAT, fakeWx(undefined, false)), 9_990);
    expect(before.storeState.session.share).toMatchObject({ status: 'waiting', error: null });
    const after = await silentRunVirtually(run(shareMenuConfigured(MENU), WECHAT, fakeWx(undefined, false)), 10_100);
    expect(after.storeState.session.share.status).toBe('failed');
    expect(after.storeState.session.share.error).toEqual({
      kind: 'http',
      code: null,
      httpStatus: null,
      message: '分享设置失败：微信接口未就绪',
    });
  });

  it('an SDK refusal without a message reads config:fail', async () => {
    const { storeState } = await silentRunVirtually(run(shareMenuConfigured(MENU), WECHAT, fakeWx('')), 400);
    expect(storeState.session.share.error).toEqual({
      kind: 'http',
      code: null,
      httpStatus: null,
      message: '分享设置失败：config:fail',
    });
  });

  it('a share to a chat → shareCompleted appMessage and its tracking event', async () => {
    await sharedTo('appMessage');
  });

  it('a share arriving while the menu is no longer shown is passed on but not tracked', async () => {
    const wx = fakeWx();
    setTimeout(() => wx.share('timeline'), 100);
    // The store read when the share comes: the menu was taken back (status waiting) in the meantime.
    await silentRunVirtually(
      run(shareMenuConfigured(MENU), WECHAT, wx, undefined, [{ select: () => 'waiting' }])
        .put(shareCompleted({ channel: 'timeline' }))
        .not.put.like({ action: { type: trackingEventRequested.type } }),
      400,
    );
  });

  it("cancelled (another screen's menu) → the share callbacks' channel is closed", async () => {
    const close = jest.fn();
    const spied = dynamic(({ args }: { args: Parameters<typeof shareCallbacks> }) => {
      const channel = shareCallbacks(...args);
      const original = channel.close.bind(channel);
      channel.close = () => {
        close();
        original();
      };
      return channel;
    });
    const wx = fakeWx();
    // The test plan cancels the saga when its time is up, as takeLatest does for the next menu.
    await silentRunVirtually(
      run(shareMenuConfigured(MENU), WECHAT, wx, undefined, [[matchers.call.fn(shareCallbacks), spied]]).put(
        shareMenuApplied({ hidden: false }),
      ),
      400,
    );
    expect(close).toHaveBeenCalledTimes(1);
  });
});

describe('the JS-SDK', () => {
  it('is weixin-js-sdk, loaded when asked for', async () => {
    const wx = await loadWx();
    expect(typeof wx.config).toBe('function');
    expect(typeof wx.onMenuShareTimeline).toBe('function');
  });
});

describe('share state machine', () => {
  const base = rootReducer(undefined, { type: '@@init' });
  it('applied/failed/unavailable only count while waiting; a share only while shown', () => {
    expect(rootReducer(base, shareMenuApplied({ hidden: false })).session!.share.status).toBe('idle');
    expect(rootReducer(base, shareCompleted({ channel: 'timeline' })).session!.share.shares).toBe(0);
    const waiting = rootReducer(base, shareMenuConfigured(MENU));
    expect(waiting.session!.share).toMatchObject({ status: 'waiting', menu: MENU });
    const shown = rootReducer(waiting, shareMenuApplied({ hidden: false }));
    expect(
      rootReducer(shown, shareMenuFailed({ error: { kind: 'http', code: null, httpStatus: null, message: 'x' } }))
        .session!.share.status,
    ).toBe('shown');
    expect(rootReducer(shown, shareCompleted({ channel: 'appMessage' })).session!.share.shares).toBe(1);
    expect(rootReducer(shown, shareMenuHidden()).session!.share).toMatchObject({ status: 'waiting', menu: null });
  });
});
