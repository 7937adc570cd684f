import { expectSaga } from 'redux-saga-test-plan';
import { rootReducer } from '@/store';
import { ApiError } from '../../../api/errors';
import { homeListLoaded, homeListOpened, liveItemsReceived, liveSubscribeRequested } from '../store/livesSlice';
import { livesSaga } from '../store/livesSaga';
import { subscribePayload } from '../store/subscribeWorker';
import { fakeServices, upcomingOpen, upcomingSubscribed } from './fixtures';

const listed = rootReducer(
  rootReducer(undefined, homeListOpened({ uuid: 'u4', date: null })),
  homeListLoaded({ page: 1, pageSize: 20, total: 2, list: [upcomingOpen, upcomingSubscribed] }),
);

beforeEach(() => {
  localStorage.clear();
  window.history.replaceState(null, '', '/?uuid=u4');
});

describe('subscribe payload (spec §3, §5)', () => {
  it('sends union_id only when it is not null', () => {
    const who = { employeeId: 'u4', realName: '', unionId: null, viewerId: 'u4', source: 'session' as const };
    expect(subscribePayload(103, true, who)).toEqual({ num_index: 103, real_name: '', employee_id: 'u4' });
    expect(subscribePayload(103, true, { ...who, unionId: 'union-4', realName: '周敏' })).toEqual({
      num_index: 103, real_name: '周敏', union_id: 'union-4', employee_id: 'u4',
    });
    expect(subscribePayload(103, false, who)).toMatchObject({ is_subscribe: 0 });
  });

  it('reads the signed-in user info when present, else this device (never the link\'s uuid)', async () => {
    localStorage.setItem('userinfos', JSON.stringify({ employee_id: 'C0004', real_name: '周敏', union_id: 'union-4' }));
    const subscribe = jest.fn().mockResolvedValue({ num_index: 103, is_subscribe: 1, subscribe_number: 8 });
    await expectSaga(livesSaga).withReducer(rootReducer, listed).provide({ getContext: () => fakeServices({ subscribe }) })
      .dispatch(liveSubscribeRequested({ liveId: 103, subscribe: true, channel: 'liveApp' })).silentRun(30);
    expect(subscribe).toHaveBeenCalledWith('liveApp', { num_index: 103, real_name: '周敏', union_id: 'union-4', employee_id: 'C0004' });
    localStorage.clear();
    subscribe.mockClear();
    await expectSaga(livesSaga).withReducer(rootReducer, listed).provide({ getContext: () => fakeServices({ subscribe }) })
      .dispatch(liveSubscribeRequested({ liveId: 103, subscribe: true, channel: 'wechat' })).silentRun(30);
    expect(subscribe).toHaveBeenCalledWith('wechat', { num_index: 103, real_name: '', employee_id: expect.stringMatching(/^d-/) });
  });
});

describe('optimistic subscribe', () => {
  it('changes the tag and count at once, then keeps the server figures', () => {
    const after = rootReducer(listed, liveSubscribeRequested({ liveId: 103, subscribe: true, channel: 'liveApp' }));
    expect(after.lives!.entities[103]).toMatchObject({ is_subscribe: 1, subscribe_number: 8 });
  });

  it('rolls back with a clear message when the call fails', async () => {
    const subscribe = jest.fn().mockRejectedValue(new ApiError({ kind: 'network', detail: 'offline' }));
    const { storeState } = await expectSaga(livesSaga).withReducer(rootReducer, listed)
      .provide({ getContext: () => fakeServices({ subscribe }) })
      .dispatch(liveSubscribeRequested({ liveId: 102, subscribe: false, channel: 'liveApp' }))
      .silentRun(30);
    expect(storeState.lives.entities[102]).toMatchObject({ is_subscribe: 1, subscribe_number: 1024 });
    expect(storeState.lives.notice).toEqual({ liveId: 102, tone: 'error', text: '操作未成功，已恢复原状态：网络连接失败，请检查网络后重试' });
    expect(storeState.lives.pendingSubscribe).toEqual({});
  });

  it('an empty answer (network down on the live client) rolls back too', async () => {
    const subscribe = jest.fn().mockResolvedValue(null);
    const { storeState } = await expectSaga(livesSaga).withReducer(rootReducer, listed)
      .provide({ getContext: () => fakeServices({ subscribe }) })
      .dispatch(liveSubscribeRequested({ liveId: 103, subscribe: true, channel: 'liveApp' }))
      .silentRun(30);
    expect(storeState.lives.entities[103]).toMatchObject({ is_subscribe: 0, subscribe_number: 7 });
  });

  it('a double tap sends one request', async () => {
    let resolve: (v: unknown) => void = () => undefined;
    const subscribe = jest.fn().mockReturnValue(new Promise((r) => { resolve = r; }));
    const run = expectSaga(livesSaga).withReducer(rootReducer, listed)
      .provide({ getContext: () => fakeServices({ subscribe }) })
      .dispatch(liveSubscribeRequested({ liveId: 103, subscribe: true, channel: 'liveApp' }))
      .dispatch(liveSubscribeRequested({ liveId: 103, subscribe: true, channel: 'liveApp' }))
      .dispatch(liveSubscribeRequested({ liveId: 103, subscribe: false, channel: 'liveApp' }))
      .silentRun(50);
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
