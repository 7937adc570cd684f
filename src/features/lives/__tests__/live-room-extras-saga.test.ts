import { expectSaga } from 'redux-saga-test-plan';

import type { ChatMessage, RoomPreview } from '../../../api/contract/chat-room';
import { ApiError } from '../../../api/errors';
import { silentRunVirtually } from '../../../lib/testing/virtual-time';
import { StorageKey, writeItem } from '../../../platform/storage';
import { liveScreenOpened, roomPreviewRetried } from '../store/live-room-slice';
import { liveRoomWatchers } from '../store/live-watchers';
import { pageVisibilityChanged } from '../store/lives-slice';
import { sleep } from '../store/online-polling-saga';
import { detail103, fakeServices, START_1930 } from './fixtures';

import type { SagaServices } from '@/store';
import { rootReducer } from '@/store';

const initial = () => rootReducer(undefined, { type: '@@init' });
/** Each one-second wait of the sagas takes 1 ms of the fake clock silentRunVirtually runs on. */
const fastSleep = {
  call: (effect: { fn: unknown }, next: () => unknown) =>
    effect.fn === sleep ? new Promise<void>((r) => setTimeout(r, 1)) : next(),
};

/** A clock starting `fromMs` and moving one second per read (the clock saga reads it once a tick). */
function clockServices(fromMs: number, api: Parameters<typeof fakeServices>[0]): SagaServices {
  let t = fromMs - 1000;
  return { ...fakeServices(api), now: () => (t += 1000) };
}

const msg = (n: number): ChatMessage => ({
  id: `c${n}`,
  kind: 'chat',
  sender_name: `观众${n}`,
  sender_role: 'viewer',
  content: `消息${n}`,
  created_at: n,
});
const summary: RoomPreview = {
  room_id: 'room-103',
  num_index: 103,
  title: '直播 103',
  status: 3,
  onlines: 0,
  message_count: 5,
};
const endedDetail = { ...detail103, status: 3 as const };

beforeEach(() => {
  localStorage.clear();
  window.history.replaceState(null, '', '/about/103?uuid=u9');
});

describe('getLiveState on the live screens', () => {
  it('the countdown reaching zero asks once and the status moves without a reload', async () => {
    const fetchLiveState = jest.fn().mockResolvedValue({ num_index: 103, status: 1, onlines: 42 });
    const services = clockServices(START_1930 * 1000 - 3000, {
      fetchDetail: jest.fn().mockResolvedValue(detail103),
      fetchLiveState,
    });
    const { storeState } = await silentRunVirtually(
      expectSaga(liveRoomWatchers)
        .withReducer(rootReducer, initial())
        .provide([{ getContext: () => services }, fastSleep])
        .dispatch(liveScreenOpened({ liveId: 103, screen: 'about' })),
      150,
    );
    expect(fetchLiveState).toHaveBeenCalledTimes(1);
    expect(fetchLiveState).toHaveBeenCalledWith(103);
    expect(storeState.lives.entities[103]).toMatchObject({ status: 1, onlines: 42 });
  });

  // A server still saying upcoming after the countdown: see live-status-follow.test.ts (asked again at a back-off, on virtual time).

  it('coming back to a hidden page refreshes once; a visible page alone does not', async () => {
    const fetchLiveState = jest.fn().mockResolvedValue({ num_index: 103, status: 1, onlines: 7 });
    // Long before the start: the countdown cannot be the cause of a call.
    const services = clockServices(START_1930 * 1000 - 86_400_000, {
      fetchDetail: jest.fn().mockResolvedValue(detail103),
      fetchLiveState,
    });
    const saga = expectSaga(liveRoomWatchers)
      .withReducer(rootReducer, initial())
      .provide([{ getContext: () => services }, fastSleep]);
    const run = silentRunVirtually(saga, 150);
    saga.dispatch(liveScreenOpened({ liveId: 103, screen: 'about' }));
    await new Promise((r) => setTimeout(r, 20));
    saga.dispatch(pageVisibilityChanged({ hidden: false }));
    await new Promise((r) => setTimeout(r, 10));
    expect(fetchLiveState).not.toHaveBeenCalled();
    saga.dispatch(pageVisibilityChanged({ hidden: true }));
    saga.dispatch(pageVisibilityChanged({ hidden: false }));
    const { storeState } = await run;
    expect(fetchLiveState).toHaveBeenCalledTimes(1);
    expect(storeState.lives.entities[103]).toMatchObject({ status: 1, onlines: 7 });
  });
});

describe('chat-room preview on the end page', () => {
  const base = () => ({
    fetchDetail: jest.fn().mockResolvedValue(endedDetail),
    fetchStatistics: jest.fn().mockResolvedValue(null),
    fetchInteractLives: jest.fn().mockResolvedValue(null),
  });

  it('shows the preview summary and the last three messages, asking with the room id', async () => {
    const fetchRoomPreview = jest.fn().mockResolvedValue(summary);
    const fetchRoomMessages = jest.fn().mockResolvedValue({ room_id: 'room-103', list: [1, 2, 3, 4, 5].map(msg) });
    const { storeState } = await silentRunVirtually(
      expectSaga(liveRoomWatchers)
        .withReducer(rootReducer, initial())
        .provide({ getContext: () => fakeServices({ ...base(), fetchRoomPreview, fetchRoomMessages }) })
        .dispatch(liveScreenOpened({ liveId: 103, screen: 'end' })),
      50,
    );
    expect(fetchRoomPreview).toHaveBeenCalledWith('room-103');
    expect(storeState.liveRoom.preview.status).toBe('succeeded');
    expect(storeState.liveRoom.preview.data?.summary.message_count).toBe(5);
    expect(storeState.liveRoom.preview.data?.recent.map((m: ChatMessage) => m.content)).toEqual([
      '消息3',
      '消息4',
      '消息5',
    ]);
  });

  it('a failure says why, and retry loads it', async () => {
    const fetchRoomPreview = jest
      .fn()
      .mockRejectedValueOnce(new ApiError({ kind: 'network', detail: 'socket hang up' }))
      .mockResolvedValue(summary);
    const fetchRoomMessages = jest.fn().mockResolvedValue({ room_id: 'room-103', list: [] });
    const saga = expectSaga(liveRoomWatchers)
      .withReducer(rootReducer, initial())
      .provide({ getContext: () => fakeServices({ ...base(), fetchRoomPreview, fetchRoomMessages }) });
    const run = silentRunVirtually(saga, 80);
    saga.dispatch(liveScreenOpened({ liveId: 103, screen: 'end' }));
    await new Promise((r) => setTimeout(r, 30));
    saga.dispatch(roomPreviewRetried());
    const { storeState, effects } = await run;
    expect(fetchRoomPreview).toHaveBeenCalledTimes(2);
    // The empty room: loaded, with no messages to show.
    expect(storeState.liveRoom.preview).toMatchObject({ status: 'succeeded', data: { recent: [] } });
    expect(
      effects.put?.some(
        (e: { payload: { action: { type: string } } }) => e.payload.action.type === 'liveRoom/roomPreviewLoadFailed',
      ),
    ).toBe(true);
  });
});

describe('user_detail in the live room', () => {
  const liveDetail = { ...detail103, status: 1 as const };
  const roomApi = () => ({
    fetchInteractDetail: jest.fn().mockResolvedValue({ live: liveDetail, auth: { required: null, passed: true } }),
    heartbeat: jest.fn().mockResolvedValue({ onlines: 3, playback_number: 0 }),
    fetchRoomMessages: jest.fn().mockResolvedValue({ room_id: 'room-103', list: [] }),
    fetchProducts: jest.fn().mockResolvedValue(null),
    fetchMarketingPosition: jest.fn().mockResolvedValue(null),
  });
  const neverWake = {
    call: (effect: { fn: unknown }, next: () => unknown) =>
      effect.fn === sleep ? new Promise(() => undefined) : next(),
  };
  /** The live room opened, its viewer asked for through `fetchRoomUserDetail`. */
  const roomOpened = (fetchRoomUserDetail: jest.Mock) =>
    silentRunVirtually(
      expectSaga(liveRoomWatchers)
        .withReducer(rootReducer, initial())
        .provide([{ getContext: () => fakeServices({ ...roomApi(), fetchRoomUserDetail }) }, neverWake])
        .dispatch(liveScreenOpened({ liveId: 103, screen: 'room' })),
      50,
    );

  it('signed in: asks with the room and token and shows the nickname', async () => {
    writeItem(StorageKey.token, 'tok-1');
    const fetchRoomUserDetail = jest
      .fn()
      .mockResolvedValue({ room_id: 'room-103', nickname: '张三', avatar: '', role: 'customer' });
    const { storeState } = await roomOpened(fetchRoomUserDetail);
    expect(fetchRoomUserDetail).toHaveBeenCalledWith('room-103', 'tok-1');
    expect(storeState.liveRoom.viewer?.nickname).toBe('张三');
  });

  it('not signed in: no call and nothing shown', async () => {
    const fetchRoomUserDetail = jest.fn();
    const { storeState } = await roomOpened(fetchRoomUserDetail);
    expect(fetchRoomUserDetail).not.toHaveBeenCalled();
    expect(storeState.liveRoom.viewer).toBeNull();
    expect(storeState.liveRoom.detail.status).toBe('succeeded');
  });
});
