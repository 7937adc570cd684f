import { expectSaga } from 'redux-saga-test-plan';
import * as matchers from 'redux-saga-test-plan/matchers';

import { ApiError } from '../../../api/errors';
import { silentRunVirtually } from '../../../lib/testing/virtual-time';
import { StorageKey } from '../../../platform/storage';
import { LEAVE_DRAFT_TTL_MS, parseLeaveDraft, resumeLeaveDraft } from '../store/live-room-saga';
import {
  leaveMessageDraftChanged,
  leaveMessageSubmitted,
  liveDetailLoaded,
  liveScreenOpened,
} from '../store/live-room-slice';
import { liveRoomWatchers } from '../store/live-watchers';
import { detail103, fakeServices } from './fixtures';

import { sessionSettled } from '@/features/session';
import { rootReducer } from '@/store';

const roomWithDraft = () =>
  [
    liveScreenOpened({ liveId: 103, screen: 'room' }),
    liveDetailLoaded({ detail: detail103, auth: null }),
    leaveMessageDraftChanged('请问仓位怎么配？'),
  ].reduce(rootReducer, rootReducer(undefined, { type: '@@init' }));

const kept = (at: number, liveId = 103) => JSON.stringify({ liveId, draft: '请问仓位怎么配？', at });

beforeEach(() => {
  localStorage.clear();
  window.history.replaceState(null, '', '/liveDetail/103');
});

describe('a guest’s room message over the sign-in wall', () => {
  it('is kept on the device when the server asks for a sign-in', async () => {
    const leaveMessage = jest
      .fn()
      .mockRejectedValue(new ApiError({ kind: 'session-invalid', code: 210001, detail: 'Sign-in required' }));
    localStorage.setItem(StorageKey.uuids, 'd-guest');
    await silentRunVirtually(
      expectSaga(liveRoomWatchers)
        .withReducer(rootReducer, roomWithDraft())
        .provide({ getContext: () => ({ ...fakeServices({ leaveMessage }), now: () => 5_000 }) })
        .dispatch(leaveMessageSubmitted()),
      50,
    );
    expect(leaveMessage).toHaveBeenCalledTimes(1);
    expect(JSON.parse(localStorage.getItem(StorageKey.liveLeaveDraft)!)).toEqual({
      liveId: 103,
      draft: '请问仓位怎么配？',
      at: 5_000,
    });
  });

  it('is sent once the writer is back in the same room signed in, and forgotten', async () => {
    localStorage.setItem(StorageKey.liveLeaveDraft, kept(1_000));
    localStorage.setItem(StorageKey.token, 'tok');
    await expectSaga(resumeLeaveDraft, 103)
      .provide([
        [matchers.call.fn(sessionSettled), undefined],
        [matchers.getContext('services'), { ...fakeServices(), now: () => 2_000 }],
      ])
      .put(leaveMessageDraftChanged('请问仓位怎么配？'))
      .put(leaveMessageSubmitted())
      .run();
    expect(localStorage.getItem(StorageKey.liveLeaveDraft)).toBeNull();
  });

  it('is put back in its box, not sent, when the writer came back without signing in', async () => {
    localStorage.setItem(StorageKey.liveLeaveDraft, kept(1_000));
    await expectSaga(resumeLeaveDraft, 103)
      .provide([
        [matchers.call.fn(sessionSettled), undefined],
        [matchers.getContext('services'), { ...fakeServices(), now: () => 2_000 }],
      ])
      .put(leaveMessageDraftChanged('请问仓位怎么配？'))
      .not.put(leaveMessageSubmitted())
      .run();
  });

  it('belongs to its live and its visit: another room, or 30 minutes later, finds nothing', () => {
    expect(parseLeaveDraft(kept(0), 103, LEAVE_DRAFT_TTL_MS - 1)).toBe('请问仓位怎么配？');
    expect(parseLeaveDraft(kept(0), 103, 30 * 60_000)).toBeNull();
    expect(parseLeaveDraft(kept(0, 104), 103, 1)).toBeNull();
    expect(parseLeaveDraft('not json', 103, 1)).toBeNull();
  });
});
