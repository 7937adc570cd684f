import type { ChatMessage } from '../../../api/contract/chat-room';
import {
  charLength,
  interactAuthConfirmed,
  interactAuthFailed,
  interactAuthPassed,
  leaveMessageDraftChanged,
  leaveMessageFailed,
  leaveMessageProblem,
  leaveMessageSent,
  leaveMessagesLoaded,
  leaveMessageSubmitted,
  liveDetailLoaded,
  liveDetailLoadFailed,
  liveRoomReducer,
  type LiveRoomState,
  liveScreenClosed,
  liveScreenOpened,
  liveScreenRetried,
  roomMessagesLoaded,
  roomMessagesLoadFailed,
} from '../store/live-room-slice';
import type { LoadError } from '../store/types';
import { detail103 } from './fixtures';

const DOWN: LoadError = { kind: 'network', code: null, httpStatus: null, message: '网络连接失败，请检查网络后重试' };
const chat = (id: string, content: string): ChatMessage => ({
  id,
  kind: 'chat',
  sender_name: '王磊',
  sender_role: 'presenter',
  content,
  created_at: 1,
});

const reduce = (actions: Array<{ type: string }>, from?: LiveRoomState) =>
  actions.reduce(liveRoomReducer, from ?? liveRoomReducer(undefined, { type: '@@init' }));
const opened = (screen: 'room' | 'messages' = 'messages') =>
  reduce([liveScreenOpened({ liveId: 103, screen }), liveDetailLoaded({ detail: detail103, auth: null })]);

describe('liveRoomSlice: the room load', () => {
  it('opening starts loading; the detail of this live succeeds; a stale live is ignored', () => {
    const loading = reduce([liveScreenOpened({ liveId: 103, screen: 'room' })]);
    expect(loading).toMatchObject({ liveId: 103, screen: 'room', detail: { status: 'loading' } });
    expect(
      liveRoomReducer(loading, liveDetailLoaded({ detail: { ...detail103, num_index: 999 }, auth: null })).detail
        .status,
    ).toBe('loading');
    const done = liveRoomReducer(loading, liveDetailLoaded({ detail: detail103, auth: null }));
    expect(done.detail).toMatchObject({ status: 'succeeded', data: { num_index: 103, hls_url: '/media/103.m3u8' } });
  });

  it('a failure shows the error; retry only from failed; close resets', () => {
    const failed = reduce([liveScreenOpened({ liveId: 103, screen: 'room' }), liveDetailLoadFailed(DOWN)]);
    expect(failed.detail).toEqual({ status: 'failed', data: null, error: DOWN });
    expect(liveRoomReducer(failed, liveScreenRetried()).detail.status).toBe('loading');
    expect(liveRoomReducer(opened(), liveScreenRetried()).detail.status).toBe('succeeded');
    expect(liveRoomReducer(opened(), liveDetailLoadFailed(DOWN)).detail.status).toBe('succeeded');
    expect(liveRoomReducer(opened(), liveScreenClosed())).toMatchObject({
      liveId: null,
      screen: null,
      detail: { status: 'idle' },
    });
  });
});

describe('liveRoomSlice: messages', () => {
  it('loads, and a failed refresh keeps what is shown; a first failure is an error', () => {
    const shown = liveRoomReducer(opened('room'), roomMessagesLoaded([chat('c1', '大家好')]));
    const kept = liveRoomReducer(shown, roomMessagesLoadFailed(DOWN));
    expect(kept.messages).toMatchObject({ status: 'succeeded', data: [{ id: 'c1' }], error: DOWN });
    expect(liveRoomReducer(opened('room'), roomMessagesLoadFailed(DOWN)).messages).toMatchObject({
      status: 'failed',
      data: null,
    });
  });
});

describe('liveRoomSlice: leave-a-message (2–200 characters)', () => {
  it('explains each bad length in Chinese and keeps the draft', () => {
    expect(leaveMessageProblem('   ')).toBe('请输入留言内容');
    expect(leaveMessageProblem('好')).toBe('留言至少 2 个字');
    expect(leaveMessageProblem('好问题')).toBeNull();
    expect(leaveMessageProblem('字'.repeat(200))).toBeNull();
    expect(leaveMessageProblem('字'.repeat(201))).toBe('留言最多 200 个字，当前 201 个字');
    // An emoji counts as one character, as a person counts.
    expect(charLength('👍👍')).toBe(2);
    expect(leaveMessageProblem('👍👍')).toBeNull();

    const tooShort = reduce([leaveMessageDraftChanged(' 好 '), leaveMessageSubmitted()], opened());
    expect(tooShort.leave).toEqual({ status: 'failed', error: '留言至少 2 个字', draft: ' 好 ' });
    const empty = reduce([leaveMessageDraftChanged(''), leaveMessageSubmitted()], opened());
    expect(empty.leave.error).toBe('请输入留言内容');
  });

  it('good text goes out once; typing is frozen while sending; success clears and lists it first', () => {
    const sending = reduce(
      [
        leaveMessagesLoaded([{ id: 1, num_index: 103, real_name: '甲', content: '旧留言', created_at: 1, hold: null }]),
        leaveMessageDraftChanged('请问仓位？'),
        leaveMessageSubmitted(),
      ],
      opened(),
    );
    expect(sending.leave).toEqual({ status: 'sending', error: null, draft: '请问仓位？' });
    expect(liveRoomReducer(sending, leaveMessageSubmitted())).toBe(sending);
    expect(liveRoomReducer(sending, leaveMessageDraftChanged('改了')).leave.draft).toBe('请问仓位？');
    const sent = liveRoomReducer(
      sending,
      leaveMessageSent({ id: 2, num_index: 103, real_name: '', content: '请问仓位？', created_at: 2, hold: null }),
    );
    expect(sent.leave).toEqual({ status: 'sent', error: null, draft: '' });
    expect(sent.leaveList.data?.map((m) => m.content)).toEqual(['请问仓位？', '旧留言']);
  });

  it('a failed send keeps the draft and says why; answers outside sending are ignored', () => {
    const sending = reduce([leaveMessageDraftChanged('请问仓位？'), leaveMessageSubmitted()], opened());
    const failed = liveRoomReducer(sending, leaveMessageFailed(DOWN));
    expect(failed.leave).toEqual({
      status: 'failed',
      error: '留言未发送：网络连接失败，请检查网络后重试',
      draft: '请问仓位？',
    });
    expect(liveRoomReducer(opened(), leaveMessageFailed(DOWN)).leave.status).toBe('idle');
    expect(
      liveRoomReducer(
        opened(),
        leaveMessageSent({ id: 9, num_index: 103, real_name: '', content: 'x', created_at: 1, hold: null }),
      ).leave.status,
    ).toBe('idle');
  });
});

describe('liveRoomSlice: the interact authentication step', () => {
  const SHUT = {
    required: 'qualified_investor',
    passed: false,
    refusal: 'not_qualified',
    message: '请填写',
    product_level: 'R5',
  } as const;
  const OPEN = {
    required: 'qualified_investor',
    passed: true,
    refusal: null,
    message: '',
    product_level: 'R5',
  } as const;

  it("keeps what the viewer declared for the saga; the server's refusal keeps the gate shut with its reason", () => {
    const declared = liveRoomReducer(needsAuth, interactAuthConfirmed({ basis: 'assets', amount: 3_000_000 }));
    expect(declared).toMatchObject({
      authStatus: 'confirming',
      authDeclaration: { basis: 'assets', amount: 3_000_000 },
    });
    const tooLow = { ...SHUT, refusal: 'too_low', message: '您的风险承受能力为 C1，低于本产品风险等级 R5' } as const;
    expect(liveRoomReducer(declared, interactAuthPassed(tooLow))).toMatchObject({
      authStatus: 'idle',
      auth: { passed: false, refusal: 'too_low' },
    });
    expect(liveRoomReducer(needsAuth, interactAuthConfirmed()).authDeclaration).toBeNull();
  });
  const needsAuth = reduce([
    liveScreenOpened({ liveId: 103, screen: 'room' }),
    liveDetailLoaded({ detail: detail103, auth: SHUT }),
  ]);

  it('confirming once, then passed; confirm is ignored when nothing is required or it is in flight', () => {
    const confirming = liveRoomReducer(needsAuth, interactAuthConfirmed());
    expect(confirming.authStatus).toBe('confirming');
    expect(liveRoomReducer(confirming, interactAuthConfirmed())).toBe(confirming);
    const passed = liveRoomReducer(confirming, interactAuthPassed(OPEN));
    expect(passed).toMatchObject({ authStatus: 'idle', auth: { passed: true } });
    expect(liveRoomReducer(passed, interactAuthConfirmed()).authStatus).toBe('idle');
    expect(liveRoomReducer(opened('room'), interactAuthConfirmed()).authStatus).toBe('idle');
  });

  it('a failure says why and can be confirmed again', () => {
    const failed = reduce([interactAuthConfirmed(), interactAuthFailed(DOWN)], needsAuth);
    expect(failed).toMatchObject({ authStatus: 'failed', authError: DOWN, auth: { passed: false } });
    expect(liveRoomReducer(failed, interactAuthConfirmed()).authStatus).toBe('confirming');
    expect(liveRoomReducer(needsAuth, interactAuthPassed(OPEN)).auth?.passed).toBe(false);
  });
});
