import { delay, fork, put } from 'redux-saga/effects';
import { expectSaga } from 'redux-saga-test-plan';

import { ApiError } from '../../../api/errors';
import { silentRunVirtually } from '../../../lib/testing/virtual-time';
import { liveScreenOpened } from '../store/live-room-slice';
import { livesSaga } from '../store/lives-saga';
import {
  homeListLoaded,
  homeListOpened,
  liveItemsReceived,
  liveSubscribeRequested,
  liveSubscribeSignInRequired,
} from '../store/lives-slice';
import { LIVE_SCREEN_OPENED, watchSubscribe } from '../store/subscribe-saga';
import { parsePendingSubscribe, PENDING_SUBSCRIBE_TTL_MS, subscribePayload } from '../store/subscribe-worker';
import { fakeServices, upcomingOpen, upcomingSubscribed } from './fixtures';

import { signInHref } from '@/features/session';
import { sessionSignedIn } from '@/features/session';
import { rootReducer } from '@/store';

const listed = rootReducer(
  rootReducer(undefined, homeListOpened({ uuid: 'u4', date: null })),
  homeListLoaded({ page: 1, pageSize: 20, total: 2, list: [upcomingOpen, upcomingSubscribed] }),
);

const SIGNED_IN = JSON.stringify({ employee_id: 'C0004', real_name: '周敏', union_id: 'union-4' });

beforeEach(() => {
  localStorage.clear();
  // Subscribing acts for a signed-in person; the visitor's path is tested below.
  localStorage.setItem('userinfos', SIGNED_IN);
  window.history.replaceState(null, '', '/?uuid=u4');
});

describe('subscribe payload (docs/rules/data.md#subscribe-payload, docs/rules/validation.md#subscribe-payload)', () => {
  it('sends union_id only when it is not null', () => {
    const who = { employeeId: 'u4', realName: '', unionId: null, viewerId: 'u4', source: 'session' as const };
    expect(subscribePayload(103, true, who)).toEqual({ num_index: 103, real_name: '', employee_id: 'u4' });
    expect(subscribePayload(103, true, { ...who, unionId: 'union-4', realName: '周敏' })).toEqual({
      num_index: 103,
      real_name: '周敏',
      union_id: 'union-4',
      employee_id: 'u4',
    });
    expect(subscribePayload(103, false, who)).toMatchObject({ is_subscribe: 0 });
  });

  it("acts for the signed-in user (never the link's uuid)", async () => {
    const subscribe = jest.fn().mockResolvedValue({ num_index: 103, is_subscribe: 1, subscribe_number: 8 });
    await silentRunVirtually(
      expectSaga(livesSaga)
        .withReducer(rootReducer, listed)
        .provide({ getContext: () => fakeServices({ subscribe }) })
        .dispatch(liveSubscribeRequested({ liveId: 103, subscribe: true, channel: 'liveApp' })),
      30,
    );
    expect(subscribe).toHaveBeenCalledWith('liveApp', {
      num_index: 103,
      real_name: '周敏',
      union_id: 'union-4',
      employee_id: 'C0004',
    });
  });
});

describe('a visitor signs in before subscribing', () => {
  const services = (subscribe: jest.Mock, path = '/?uuid=u4') => {
    const svc = fakeServices({ subscribe });
    Object.assign(svc, { currentPath: () => path, now: () => 1_000_000 });
    return svc;
  };

  it('keeps the tap as an intent, undoes it on screen and goes to sign in (WeChat authorization or the login page)', async () => {
    localStorage.removeItem('userinfos');
    const subscribe = jest.fn();
    const svc = services(subscribe);
    const { storeState } = await silentRunVirtually(
      expectSaga(livesSaga)
        .withReducer(rootReducer, listed)
        .provide({ getContext: () => svc })
        .dispatch(liveSubscribeRequested({ liveId: 103, subscribe: true, channel: 'liveApp' }))
        .put(liveSubscribeSignInRequired({ liveId: 103 })),
      30,
    );
    expect(subscribe).not.toHaveBeenCalled();
    expect(storeState.lives.entities[103]).toMatchObject({ is_subscribe: 0, subscribe_number: 7 });
    expect(storeState.lives.pendingSubscribe).toEqual({});
    expect(storeState.lives.notice).toMatchObject({ liveId: 103, text: '请先登录，登录后将为您完成预约' });
    expect(JSON.parse(localStorage.getItem('live_pending_subscribe')!)).toEqual({
      liveId: 103,
      subscribe: true,
      channel: 'liveApp',
      at: 1_000_000,
    });
    // In place of the page: once signed in, back leaves for the page before it in one press.
    expect(svc.navigate).toHaveBeenCalledWith('/login?redirect=%2F%3Fuuid%3Du4', { replace: true });
    expect(signInHref({ webChat: true }, '/about/7')).toBe('/jumpToWxAuth?redirect=%2Fabout%2F7');
  });

  it('back signed in, the list that opens completes the subscription once and forgets the intent', async () => {
    localStorage.setItem(
      'live_pending_subscribe',
      JSON.stringify({ liveId: 103, subscribe: true, channel: 'liveApp', at: 1_000_000 - 60_000 }),
    );
    const subscribe = jest.fn().mockResolvedValue({ num_index: 103, is_subscribe: 1, subscribe_number: 8 });
    const opened = rootReducer(undefined, homeListOpened({ uuid: '', date: null }));
    // The list's own load is another test's: here the page's answer arrives after the resume started waiting.
    const { storeState } = await silentRunVirtually(
      expectSaga(watchSubscribe)
        .withReducer(rootReducer, opened)
        .provide({ getContext: () => services(subscribe, '/') })
        .dispatch(homeListOpened({ uuid: '', date: null }))
        .delay(10)
        .dispatch(homeListLoaded({ page: 1, pageSize: 20, total: 2, list: [upcomingOpen, upcomingSubscribed] }))
        .put(liveSubscribeRequested({ liveId: 103, subscribe: true, channel: 'liveApp' })),
      80,
    );
    expect(subscribe).toHaveBeenCalledTimes(1);
    expect(storeState.lives.entities[103]).toMatchObject({ is_subscribe: 1, subscribe_number: 8 });
    expect(localStorage.getItem('live_pending_subscribe')).toBeNull();
  });

  it('back from WeChat with a code still being traded: the resume waits for the sign-in, then subscribes', async () => {
    localStorage.removeItem('userinfos');
    localStorage.setItem(
      'live_pending_subscribe',
      JSON.stringify({ liveId: 103, subscribe: true, channel: 'liveApp', at: 1_000_000 - 60_000 }),
    );
    const subscribe = jest.fn().mockResolvedValue({ num_index: 103, is_subscribe: 1, subscribe_number: 8 });
    // The page came back with a code: the web-chat check is trading it for a token.
    const exchanging = rootReducer(listed, { type: 'session/sessionCheckRequested', payload: { flow: 'webChat' } });
    function* exchange() {
      yield delay(30);
      localStorage.setItem('userinfos', SIGNED_IN);
      yield put(sessionSignedIn({ flow: 'webChat', at: 1_000_000 }));
    }
    const { storeState } = await silentRunVirtually(
      expectSaga(function* page() {
        yield fork(watchSubscribe);
        yield fork(exchange);
      })
        .withReducer(rootReducer, exchanging)
        .provide({ getContext: () => services(subscribe, '/') })
        .dispatch(homeListOpened({ uuid: '', date: null }))
        .put(liveSubscribeRequested({ liveId: 103, subscribe: true, channel: 'liveApp' })),
      80,
    );
    expect(subscribe).toHaveBeenCalledTimes(1);
    expect(storeState.lives.entities[103]).toMatchObject({ is_subscribe: 1 });
    expect(localStorage.getItem('live_pending_subscribe')).toBeNull();
  });

  it('back without signing in (or too late), the intent is dropped and nothing is sent', async () => {
    localStorage.removeItem('userinfos');
    localStorage.setItem(
      'live_pending_subscribe',
      JSON.stringify({ liveId: 103, subscribe: true, channel: 'liveApp', at: 1_000_000 }),
    );
    const subscribe = jest.fn();
    await silentRunVirtually(
      expectSaga(livesSaga)
        .withReducer(rootReducer, listed)
        .provide({ getContext: () => services(subscribe, '/') })
        .dispatch(homeListOpened({ uuid: '', date: null }))
        .not.put.actionType(liveSubscribeRequested.type),
      60,
    );
    expect(localStorage.getItem('live_pending_subscribe')).toBeNull();
    expect(
      parsePendingSubscribe(
        JSON.stringify({ liveId: 1, subscribe: true, channel: 'liveApp', at: 0 }),
        PENDING_SUBSCRIBE_TTL_MS,
      ),
    ).toBeNull();
    expect(parsePendingSubscribe('{"liveId":"x"}', 0)).toBeNull();
    expect(parsePendingSubscribe('not json', 0)).toBeNull();
  });

  it("the room event the resume listens for is the room slice's", () => {
    expect(LIVE_SCREEN_OPENED).toBe(liveScreenOpened.type);
  });
});

describe('optimistic subscribe', () => {
  it('changes the tag and count at once, then keeps the server figures', () => {
    const after = rootReducer(listed, liveSubscribeRequested({ liveId: 103, subscribe: true, channel: 'liveApp' }));
    expect(after.lives!.entities[103]).toMatchObject({ is_subscribe: 1, subscribe_number: 8 });
  });

  it('rolls back with a clear message when the call fails', async () => {
    const subscribe = jest.fn().mockRejectedValue(new ApiError({ kind: 'network', detail: 'offline' }));
    const { storeState } = await silentRunVirtually(
      expectSaga(livesSaga)
        .withReducer(rootReducer, listed)
        .provide({ getContext: () => fakeServices({ subscribe }) })
        .dispatch(liveSubscribeRequested({ liveId: 102, subscribe: false, channel: 'liveApp' })),
      30,
    );
    expect(storeState.lives.entities[102]).toMatchObject({ is_subscribe: 1, subscribe_number: 1024 });
    expect(storeState.lives.notice).toEqual({
      liveId: 102,
      tone: 'error',
      text: '操作未成功，已恢复原状态：网络连接失败，请检查网络后重试',
    });
    expect(storeState.lives.pendingSubscribe).toEqual({});
  });

  it('an empty answer (network down on the live client) rolls back too', async () => {
    const subscribe = jest.fn().mockResolvedValue(null);
    const { storeState } = await silentRunVirtually(
      expectSaga(livesSaga)
        .withReducer(rootReducer, listed)
        .provide({ getContext: () => fakeServices({ subscribe }) })
        .dispatch(liveSubscribeRequested({ liveId: 103, subscribe: true, channel: 'liveApp' })),
      30,
    );
    expect(storeState.lives.entities[103]).toMatchObject({ is_subscribe: 0, subscribe_number: 7 });
  });

  it('a double tap sends one request', async () => {
    let resolve: (v: unknown) => void = () => undefined;
    const subscribe = jest.fn().mockReturnValue(
      new Promise((r) => {
        resolve = r;
      }),
    );
    const run = silentRunVirtually(
      expectSaga(livesSaga)
        .withReducer(rootReducer, listed)
        .provide({ getContext: () => fakeServices({ subscribe }) })
        .dispatch(liveSubscribeRequested({ liveId: 103, subscribe: true, channel: 'liveApp' }))
        .dispatch(liveSubscribeRequested({ liveId: 103, subscribe: true, channel: 'liveApp' }))
        .dispatch(liveSubscribeRequested({ liveId: 103, subscribe: false, channel: 'liveApp' })),
      50,
    );
    setTimeout(() => resolve({ num_index: 103, is_subscribe: 1, subscribe_number: 9 }), 10);
    const { storeState } = await run;
    expect(subscribe).toHaveBeenCalledTimes(1);
    expect(storeState.lives.entities[103]).toMatchObject({ is_subscribe: 1, subscribe_number: 9 });
    expect(storeState.lives.notice).toMatchObject({ tone: 'success' });
  });

  it('an ended live cannot be subscribed', () => {
    const withEnded = rootReducer(listed, liveItemsReceived([{ ...upcomingOpen, status: 3 }]));
    const after = rootReducer(withEnded, liveSubscribeRequested({ liveId: 103, subscribe: true, channel: 'liveApp' }));
    expect(after.lives!.pendingSubscribe).toEqual({});
  });
});
