import { expectSaga } from 'redux-saga-test-plan';
import * as matchers from 'redux-saga-test-plan/matchers';

import { ApiError } from '../../../api/errors';
import { silentRunVirtually } from '../../../lib/testing/virtual-time';
import { currentContext, type RuntimeContext } from '../../../platform/context';
import { livesSaga } from '../store/lives-saga';
import { homeListLoaded, homeListOpened, liveSubscribeRequested } from '../store/lives-slice';
import { fakeServices, upcomingOpen, upcomingSubscribed } from './fixtures';

import { rootReducer } from '@/store';

const listed = rootReducer(
  rootReducer(undefined, homeListOpened({ uuid: 'u7', date: null })),
  homeListLoaded({ page: 1, pageSize: 20, total: 2, list: [upcomingOpen, upcomingSubscribed] }),
);

const context = (webChat: boolean): RuntimeContext => ({
  workChat: false,
  webChat,
  miniProgram: false,
  phone: true,
  desktop: false,
  ios: true,
  android: false,
  appWebView: null,
  nativeApp: false,
});

function run(subscribe: jest.Mock, webChat: boolean, request: ReturnType<typeof liveSubscribeRequested>) {
  return silentRunVirtually(
    expectSaga(livesSaga)
      .withReducer(rootReducer, listed)
      .provide([
        [matchers.getContext('services'), fakeServices({ subscribe })],
        [matchers.call.fn(currentContext), context(webChat)],
      ])
      .dispatch(request),
    30,
  );
}

const ok = (n: number, on: 0 | 1) => ({ num_index: n, is_subscribe: on, subscribe_number: on ? 8 : 1023 });

beforeEach(() => {
  localStorage.clear();
  // Only a signed-in person subscribes.
  localStorage.setItem('userinfos', JSON.stringify({ employee_id: 'C0007', real_name: '' }));
  window.history.replaceState(null, '', '/?uuid=u7');
});

describe("WeChat's one-time subscribe-message step", () => {
  it('inside WeChat, a successful subscribe also calls wechatSubscribe with the same payload', async () => {
    const subscribe = jest.fn().mockResolvedValue(ok(103, 1));
    const { storeState } = await run(
      subscribe,
      true,
      liveSubscribeRequested({ liveId: 103, subscribe: true, channel: 'liveApp' }),
    );
    expect(subscribe.mock.calls.map((c) => c[0])).toEqual(['liveApp', 'wechat']);
    // The signed-in person, never the link's uuid.
    expect(subscribe.mock.calls[1][1]).toEqual({ num_index: 103, real_name: '', employee_id: 'C0007' });
    expect(storeState.lives.notice).toMatchObject({ tone: 'success', text: '预约成功，开播前将提醒您' });
  });

  it('outside WeChat, on cancel, or on a failed subscribe, it is not called', async () => {
    const subscribe = jest.fn().mockResolvedValue(ok(103, 1));
    await run(subscribe, false, liveSubscribeRequested({ liveId: 103, subscribe: true, channel: 'liveApp' }));
    expect(subscribe).toHaveBeenCalledTimes(1);

    const cancel = jest.fn().mockResolvedValue(ok(102, 0));
    await run(cancel, true, liveSubscribeRequested({ liveId: 102, subscribe: false, channel: 'liveApp' }));
    expect(cancel).toHaveBeenCalledTimes(1);

    const failing = jest.fn().mockResolvedValue(null);
    const { storeState } = await run(
      failing,
      true,
      liveSubscribeRequested({ liveId: 103, subscribe: true, channel: 'liveApp' }),
    );
    expect(failing).toHaveBeenCalledTimes(1);
    expect(storeState.lives.entities[103]).toMatchObject({ is_subscribe: 0, subscribe_number: 7 });
  });

  it('the wechat channel itself is not called twice', async () => {
    const subscribe = jest.fn().mockResolvedValue(ok(103, 1));
    await run(subscribe, true, liveSubscribeRequested({ liveId: 103, subscribe: true, channel: 'wechat' }));
    expect(subscribe.mock.calls.map((c) => c[0])).toEqual(['wechat']);
  });

  it('a failed reminder keeps the subscription and says the reminder is off', async () => {
    const subscribe = jest
      .fn()
      .mockResolvedValueOnce(ok(103, 1))
      .mockRejectedValueOnce(new ApiError({ kind: 'network', detail: 'offline' }));
    const { storeState } = await run(
      subscribe,
      true,
      liveSubscribeRequested({ liveId: 103, subscribe: true, channel: 'liveApp' }),
    );
    expect(storeState.lives.entities[103]).toMatchObject({ is_subscribe: 1, subscribe_number: 8 });
    expect(storeState.lives.notice).toEqual({
      liveId: 103,
      tone: 'error',
      text: '预约成功，但微信开播提醒未开启：网络连接失败，请检查网络后重试',
    });
  });
});
