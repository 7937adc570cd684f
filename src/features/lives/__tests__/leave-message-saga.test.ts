import { expectSaga } from 'redux-saga-test-plan';

import type { LeaveMessage } from '../../../api/contract/live-room';
import { ApiError } from '../../../api/errors';
import { silentRunVirtually } from '../../../lib/testing/virtual-time';
import type { LivesApi } from '../api';
import {
  leaveMessageDraftChanged,
  leaveMessagesLoaded,
  leaveMessageSubmitted,
  liveDetailLoaded,
  liveScreenOpened,
} from '../store/live-room-slice';
import { liveRoomWatchers } from '../store/live-watchers';
import { detail103, fakeServices } from './fixtures';

import { rootReducer } from '@/store';

const mine: LeaveMessage = {
  id: 7,
  num_index: 103,
  real_name: '',
  content: '请问仓位怎么配？',
  created_at: 1_790_000_000,
  hold: null,
};

function screenState(screen: 'messages' | 'room') {
  const actions = [
    liveScreenOpened({ liveId: 103, screen }),
    liveDetailLoaded({ detail: detail103, auth: null }),
    leaveMessagesLoaded([{ id: 1, num_index: 103, real_name: '甲', content: '旧留言', created_at: 1, hold: null }]),
    leaveMessageDraftChanged('  请问仓位怎么配？ '),
  ];
  return actions.reduce(rootReducer, rootReducer(undefined, { type: '@@init' }));
}

/** The message sent once from `screen`, with these lives endpoints, run until it settles. */
const submitted = (screen: 'messages' | 'room', endpoints: Partial<LivesApi>) =>
  silentRunVirtually(
    expectSaga(liveRoomWatchers)
      .withReducer(rootReducer, screenState(screen))
      .provide({ getContext: () => fakeServices(endpoints) })
      .dispatch(leaveMessageSubmitted()),
    50,
  );

beforeEach(() => {
  localStorage.clear();
  window.history.replaceState(null, '', '/LeaveMessagePage?liveid=103&uuid=u9');
});

describe('leave-a-message saga', () => {
  it('a network drop mid-submit keeps the draft and shows a clear error', async () => {
    const leaveMessage = jest.fn().mockRejectedValue(new ApiError({ kind: 'network', detail: 'socket hang up' }));
    const { storeState } = await submitted('messages', { leaveMessage });
    expect(leaveMessage).toHaveBeenCalledTimes(1);
    expect(storeState.liveRoom.leave).toEqual({
      status: 'failed',
      error: '留言未发送：网络连接失败，请检查网络后重试',
      draft: '  请问仓位怎么配？ ',
    });
    expect(storeState.liveRoom.leaveList.data?.map((m: { content: string }) => m.content)).toEqual(['旧留言']);
  });

  it('an empty answer (the live client’s network-down value) fails the same way', async () => {
    const leaveMessage = jest.fn().mockResolvedValue(null);
    const { storeState } = await submitted('messages', { leaveMessage });
    expect(storeState.liveRoom.leave).toMatchObject({ status: 'failed', draft: '  请问仓位怎么配？ ' });
  });

  it('success sends the trimmed text once and the message appears first in the list', async () => {
    let answer: (m: LeaveMessage) => void = () => undefined;
    const leaveMessage = jest.fn().mockReturnValue(new Promise<LeaveMessage>((resolve) => (answer = resolve)));
    const saga = expectSaga(liveRoomWatchers)
      .withReducer(rootReducer, screenState('messages'))
      .provide({ getContext: () => fakeServices({ leaveMessage }) });
    const run = silentRunVirtually(saga, 50);
    // Dispatched while running, so the second tap arrives while the first is still in flight.
    saga.dispatch(leaveMessageSubmitted());
    saga.dispatch(leaveMessageSubmitted());
    setTimeout(() => answer(mine), 10);
    const { storeState } = await run;
    expect(leaveMessage).toHaveBeenCalledTimes(1);
    expect(leaveMessage.mock.calls[0][0]).toMatchObject({
      num_index: 103,
      employee_id: expect.stringMatching(/^d-/),
      content: '请问仓位怎么配？',
    });
    expect(storeState.liveRoom.leave).toEqual({ status: 'sent', error: null, draft: '' });
    expect(storeState.liveRoom.leaveList.data?.map((m: { content: string }) => m.content)).toEqual([
      '请问仓位怎么配？',
      '旧留言',
    ]);
  });

  it('in the live room, success refreshes the room messages at once', async () => {
    const leaveMessage = jest.fn().mockResolvedValue(mine);
    const fetchRoomMessages = jest.fn().mockResolvedValue({
      room_id: detail103.room_id,
      list: [
        {
          id: 'l7',
          kind: 'leave',
          sender_name: '访客',
          sender_role: 'viewer',
          content: mine.content,
          created_at: mine.created_at,
        },
      ],
    });
    const { storeState } = await submitted('room', { leaveMessage, fetchRoomMessages });
    expect(fetchRoomMessages).toHaveBeenCalledWith(detail103.room_id);
    expect(storeState.liveRoom.messages.data?.map((m: { content: string }) => m.content)).toEqual([mine.content]);
  });

  it('a too-short draft never reaches the server', async () => {
    const leaveMessage = jest.fn();
    const state = rootReducer(screenState('messages'), leaveMessageDraftChanged('好'));
    const { storeState } = await silentRunVirtually(
      expectSaga(liveRoomWatchers)
        .withReducer(rootReducer, state)
        .provide({ getContext: () => fakeServices({ leaveMessage }) })
        .dispatch(leaveMessageSubmitted()),
      30,
    );
    expect(leaveMessage).not.toHaveBeenCalled();
    expect(storeState.liveRoom.leave.error).toBe('留言至少 2 个字');
  });
});
