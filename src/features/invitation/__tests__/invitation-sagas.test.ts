import { combineReducers, type Reducer } from '@reduxjs/toolkit';
import { expectSaga } from 'redux-saga-test-plan';
import * as matchers from 'redux-saga-test-plan/matchers';
import { type StaticProvider, throwError } from 'redux-saga-test-plan/providers';

import * as api from '../api';
import { identityProblem } from '../components/IdentityForm';
import { passwordChecks } from '../components/use-register-form';
import {
  initialInvitationState,
  invitationEvents as ev,
  invitationReducer,
  type InvitationState,
} from '../store/invitation-slice';
import {
  COPY_TOAST_MS,
  copyInviteLink,
  countReading,
  deviceId,
  joinProgram,
  loadRecord,
  loadRegions,
  registrationRequestId,
  runTask,
  submitIdentity,
  submitRegistration,
} from '../store/invitation-workers';

import { ApiError } from '@/api';
import { InvitationErrorCode } from '@/api/contract/invitation-constants';
import { rsaEncrypt } from '@/lib/crypto';
import { copyText } from '@/platform/clipboard';
import { readItem, writeItem } from '@/platform/storage';

const services = {
  api: { clients: { invitation: {} } },
  navigate: () => undefined,
  currentPath: () => '/',
  now: () => 0,
};
// The root shape with only this slice, typed without the preloaded-state partial.
const reducer = combineReducers({ invitation: invitationReducer }) as unknown as Reducer<{
  invitation: InvitationState;
}>;
/** A signed-in visitor on this device; the member profile answers `profile`. */
const signedIn = (profile: unknown): StaticProvider[] => [
  [matchers.getContext('services'), services],
  [matchers.call.fn(deviceId), 'dtestdevice1'],
  [matchers.call.fn(readItem), 'signed-in-token'],
  [matchers.call.fn(api.userBaseInfo), profile],
];
/** A registration on this device: the server's key encrypts the password abc123. */
const registeringOnThisDevice: StaticProvider[] = [
  [matchers.getContext('services'), services],
  [matchers.call.fn(api.getRsa), { pubKey: 'PEM' }],
  [matchers.call(rsaEncrypt, 'PEM', 'abc123'), 'ENCRYPTED=='],
  [matchers.call.fn(deviceId), 'dtestdevice1'],
];
const member = {
  memberId: 1,
  phone: '139****0004',
  name: '刘*',
  avatar: '',
  shareCode: 'SEEDU4AA',
  verified: false,
  idNumber: null,
  invitedCount: 2,
  rewardPoints: 300,
};
const task = {
  articleId: 7,
  title: '读懂基金定投',
  summary: '定投的三个误区',
  state: 'todo' as const,
  secondsLeft: 30,
  points: 50,
};

describe('invitation sagas', () => {
  it('a network failure (the empty value of docs/rules/errors.md#network-failures) becomes an error state with a message, not a blank', async () => {
    const { storeState } = await expectSaga(loadRecord)
      .withReducer(reducer, {
        invitation: { ...initialInvitationState, me: { status: 'loading', info: null, error: null } },
      })
      .provide(signedIn(null))
      .run();
    expect(storeState.invitation.me).toEqual({ status: 'failed', info: null, error: '网络连接失败，请检查网络后重试' });
  });

  it('sign-in keeps the mgmtoken the server hands out, then loads both lists', async () => {
    const { storeState } = await expectSaga(loadRecord)
      .withReducer(reducer)
      .provide([
        ...signedIn({ ...member, mgmtoken: 'mgm-token-123456789' }),
        [matchers.call.fn(writeItem), undefined],
        [matchers.call.fn(api.friendList), { list: [], total: 0, page: 1, pageSize: 10 }],
        [
          matchers.call.fn(api.giftList),
          { list: [], total: 0, page: 1, pageSize: 10, pendingPoints: 0, grantedPoints: 300 },
        ],
        [matchers.call.fn(api.taskList), { list: [task] }],
      ])
      .call(writeItem, 'mgmtoken', 'mgm-token-123456789')
      .run();
    expect(storeState.invitation.me.info).toEqual(member);
    expect(storeState.invitation.gifts).toMatchObject({ status: 'loaded', grantedPoints: 300 });
    expect(storeState.invitation.tasks).toMatchObject({ status: 'loaded', list: [task] });
  });

  it('a member that cannot load fails every part of /record with the message, each with its retry', async () => {
    const { storeState } = await expectSaga(loadRecord)
      .withReducer(reducer, reducer(undefined, ev.recordOpened()))
      .provide(signedIn(null))
      .run();
    for (const part of [storeState.invitation.friends, storeState.invitation.gifts, storeState.invitation.tasks]) {
      expect(part).toMatchObject({ status: 'failed', error: '网络连接失败，请检查网络后重试' });
    }
  });

  it('identity: the verified member replaces the shown one; a refusal keeps the form with the server’s words', async () => {
    const verified = { ...member, verified: true, idNumber: '110***********002X', name: '张*丰' };
    const submitted = ev.identitySubmitted({ realName: '张三丰', idNumber: '11010519491231002X' });
    const { storeState } = await expectSaga(submitIdentity, submitted)
      .withReducer(reducer, reducer(undefined, submitted))
      .provide([
        [matchers.getContext('services'), services],
        [matchers.call.fn(api.userBaseInfo), verified],
      ])
      .call.like({
        fn: api.userBaseInfo,
        args: [services.api.clients, { identity: { realName: '张三丰', idNumber: '11010519491231002X' } }],
      })
      .run();
    expect(storeState.invitation.identity.status).toBe('verified');
    expect(storeState.invitation.me.info).toEqual(verified);
    await expectSaga(submitIdentity, submitted)
      .withReducer(reducer, reducer(undefined, submitted))
      .provide([
        [matchers.getContext('services'), services],
        [
          matchers.call.fn(api.userBaseInfo),
          throwError(new ApiError({ kind: 'business', code: 230016, detail: '身份证号码有误，请核对后重新输入' })),
        ],
      ])
      .put(ev.identityFailed({ message: '身份证号码有误，请核对后重新输入' }))
      .run();
  });

  it('a started task counts its wait down on screen; a completed one reloads the rewards; docs/rules/errors.md#network-failures empty value → message', async () => {
    const loaded = reducer(undefined, ev.tasksLoaded({ list: [task] }));
    const reading = { ...task, state: 'reading' as const, secondsLeft: 3 };
    const { storeState } = await expectSaga(runTask, ev.taskStartRequested({ articleId: 7 }))
      .withReducer(reducer, reducer(loaded, ev.taskStartRequested({ articleId: 7 })))
      .provide([
        [matchers.getContext('services'), services],
        [matchers.call.fn(api.taskStart), reading],
        [matchers.call.fn(countReading), undefined],
      ])
      .call(countReading, reading)
      .run();
    expect(storeState.invitation.tasks).toMatchObject({ busyId: null, list: [reading] });
    const ticked = [0, 1, 2, 3].reduce(
      (s) => reducer(s, ev.taskTicked({ articleId: 7 })),
      reducer(loaded, ev.taskUpdated(reading)),
    );
    expect(ticked.invitation.tasks.list[0]!.secondsLeft).toBe(0);
    const done = { ...task, state: 'done' as const, secondsLeft: 0 };
    await expectSaga(runTask, ev.taskCompleteRequested({ articleId: 7 }))
      .withReducer(reducer, loaded)
      .provide([
        [matchers.getContext('services'), services],
        [matchers.call.fn(api.taskComplete), done],
        [
          matchers.call.fn(api.giftList),
          { list: [], total: 0, page: 1, pageSize: 10, pendingPoints: 0, grantedPoints: 50 },
        ],
      ])
      .call.fn(api.giftList)
      .run();
    const failed = await expectSaga(runTask, ev.taskCompleteRequested({ articleId: 7 }))
      .withReducer(reducer, reducer(loaded, ev.taskCompleteRequested({ articleId: 7 })))
      .provide([
        [matchers.getContext('services'), services],
        [matchers.call.fn(api.taskComplete), null],
      ])
      .run();
    expect(failed.storeState.invitation.tasks).toMatchObject({
      busyId: null,
      taskError: '网络连接失败，请检查网络后重试',
    });
  });

  it('register: the password leaves RSA-encrypted with the getRSA key; a refusal shows the server’s words', async () => {
    const submitted = ev.registerSubmitted({
      region: '86',
      phone: '13612340001',
      code: '123456',
      password: 'abc123',
      agree: true,
    });
    await expectSaga(submitRegistration, submitted)
      .withReducer(reducer)
      .provide([
        ...registeringOnThisDevice,
        [matchers.call.fn(registrationRequestId), 'rtestrequest00000001'],
        [
          matchers.call.fn(api.register),
          throwError(new ApiError({ kind: 'business', code: 230012, detail: '不能通过自己的邀请链接注册' })),
        ],
      ])
      // The requestId goes along, so a resend after a dropped connection is recognised.
      .call(api.register, services.api.clients, {
        region: '86',
        phone: '13612340001',
        code: '123456',
        password: 'ENCRYPTED==',
        agree: true,
        deviceId: 'dtestdevice1',
        requestId: 'rtestrequest00000001',
      })
      .call(registrationRequestId, '86', '13612340001', '123456')
      .call(rsaEncrypt, 'PEM', 'abc123')
      .put(ev.registerFailed({ message: '不能通过自己的邀请链接注册' }))
      .run();
  });
});

describe('identity checked before it is sent (the server checks again)', () => {
  it.each([
    ['张三丰', '11010519491231002X', null],
    ['张三丰', '11010519491231002x', null],
    ['张三丰', '110101199003071234', '身份证号码有误，请核对后重新输入'],
    ['Zhang', '11010519491231002X', '请输入身份证上的中文姓名'],
  ])('%s %s', (name, id, problem) => {
    expect(identityProblem(name, id)).toBe(problem);
  });
});

describe('a registration sent again after a dropped connection', () => {
  beforeEach(() => localStorage.clear());

  it('carries the same requestId for the same phone and code, a new one for a new code', () => {
    const first = registrationRequestId('86', '13612340001', '123456');
    expect(first).toMatch(/^[A-Za-z0-9_-]{16,64}$/);
    expect(registrationRequestId('86', '13612340001', '123456')).toBe(first);
    expect(registrationRequestId('86', '13612340001', '654321')).not.toBe(first);
    // The code itself is not kept in storage.
    expect(JSON.stringify({ ...localStorage })).not.toContain('123456');
  });

  it('forgets the requestId once registered', async () => {
    const submitted = ev.registerSubmitted({
      region: '86',
      phone: '13612340002',
      code: '111111',
      password: 'abc123',
      agree: true,
    });
    const registered = { mgmtoken: 'M'.repeat(32), member, inviterName: null, flagged: false };
    await expectSaga(submitRegistration, submitted)
      .withReducer(reducer)
      .provide([...registeringOnThisDevice, [matchers.call.fn(api.register), registered]])
      .put(ev.registered(registered))
      .run();
    expect(localStorage.getItem('mgm_pending_registration')).toBeNull();
  });
});

describe('password rules shown as you type (docs/rules/validation.md#passwords)', () => {
  it.each([
    ['abc12', [false, true]],
    ['abcdef', [true, false]],
    ['123456', [true, false]],
    ['abc123', [true, true]],
    ['ab!@#$', [true, true]],
    ['a1'.repeat(11), [false, true]],
  ])('%s', (value, expected) => {
    expect(passwordChecks(value).map((c) => c.ok)).toEqual(expected);
  });
});

describe('registration’s phone regions: phone_region ordered by opconfig liveCommonPhoneRegion', () => {
  const MAINLAND = { name: '中国大陆', code: '86', minLength: 11, maxLength: 11 };
  const MACAU = { name: '中国澳门', code: '853', minLength: 8, maxLength: 8 };
  const JAPAN = { name: '日本', code: '81', minLength: 10, maxLength: 10 };
  const auth = (over: Record<string, jest.Mock> = {}) => ({
    phoneRegionList: jest.fn().mockResolvedValue({ list: [JAPAN, MACAU, MAINLAND] }),
    phoneRegionConfig: jest.fn().mockResolvedValue({ key: 'liveCommonPhoneRegion', value: { codes: ['86', '853'] } }),
    ...over,
  });

  it('the form offers the configured regions in their order', async () => {
    const a = auth();
    const { storeState } = await expectSaga(loadRegions)
      .withReducer(reducer, reducer(undefined, ev.regionsRequested()))
      .provide([[matchers.getContext('services'), { ...services, auth: a }]])
      .run();
    expect(a.phoneRegionList).toHaveBeenCalledTimes(1);
    expect(storeState.invitation.regions).toEqual({ status: 'loaded', list: [MAINLAND, MACAU], error: null });
  });

  it('a config naming no known region falls back to the whole list, mainland China first', async () => {
    const a = auth({
      phoneRegionConfig: jest.fn().mockResolvedValue({ key: 'liveCommonPhoneRegion', value: { codes: ['999'] } }),
    });
    const { storeState } = await expectSaga(loadRegions)
      .withReducer(reducer)
      .provide([[matchers.getContext('services'), { ...services, auth: a }]])
      .run();
    expect(storeState.invitation.regions.list).toEqual([MAINLAND, JAPAN, MACAU]);
  });

  it('phone_region unreachable: the form says so and offers its retry', async () => {
    const a = auth({ phoneRegionList: jest.fn().mockRejectedValue(new ApiError({ kind: 'network', detail: 'down' })) });
    const { storeState } = await expectSaga(loadRegions)
      .withReducer(reducer)
      .provide([[matchers.getContext('services'), { ...services, auth: a }]])
      .run();
    expect(storeState.invitation.regions).toEqual({
      status: 'failed',
      list: [],
      error: '网络连接失败，请检查网络后重试',
    });
  });
});

describe('membership by choice', () => {
  const lists = [
    [matchers.call.fn(api.friendList), { list: [], total: 0, page: 1, pageSize: 10 }],
    [matchers.call.fn(api.giftList), { list: [], total: 0, page: 1, pageSize: 10, pendingPoints: 0, grantedPoints: 0 }],
    [matchers.call.fn(api.taskList), { list: [task] }],
  ] as Array<[ReturnType<typeof matchers.call.fn>, unknown]>;

  it('a visitor (no token of any kind) is offered 加入 and nothing is asked of the server', async () => {
    const { storeState } = await expectSaga(loadRecord)
      .withReducer(reducer, reducer(undefined, ev.recordOpened()))
      .provide([
        [matchers.getContext('services'), services],
        [matchers.call.fn(readItem), null],
      ])
      .not.call.fn(api.userBaseInfo)
      .not.call.fn(api.join)
      .run();
    expect(storeState.invitation.me).toEqual({ status: 'notJoined', info: null, error: null });
    expect(storeState.invitation.friends.status).toBe('idle');
  });

  it('a signed-in non-member is offered 加入: the open joins no one and is no failure', async () => {
    const notMember = new ApiError({
      kind: 'business',
      code: InvitationErrorCode.notMember,
      detail: '你还没有加入邀请计划',
    });
    const { storeState } = await expectSaga(loadRecord)
      .withReducer(reducer, reducer(undefined, ev.recordOpened()))
      .provide(signedIn(throwError(notMember)))
      .not.call.fn(api.join)
      .not.put.actionType(ev.memberFailed.type)
      .run();
    expect(storeState.invitation.me.status).toBe('notJoined');
  });

  it('加入 is the one request that enrols: the mgmtoken is kept and the lists load', async () => {
    const start = reducer(reducer(undefined, ev.memberNotJoined()), ev.joinRequested());
    expect(start.invitation.me.status).toBe('joining');
    const { storeState } = await expectSaga(joinProgram)
      .withReducer(reducer, start)
      .provide([
        [matchers.getContext('services'), services],
        [matchers.call.fn(deviceId), 'dtestdevice1'],
        [matchers.call.fn(api.join), { ...member, mgmtoken: 'mgm-token-joined-1234' }],
        [matchers.call.fn(writeItem), undefined],
        ...lists,
      ])
      .call(api.join, services.api.clients, { deviceId: 'dtestdevice1' })
      .call(writeItem, 'mgmtoken', 'mgm-token-joined-1234')
      .run();
    expect(storeState.invitation.me).toEqual({ status: 'loaded', info: member, error: null });
    expect(storeState.invitation.tasks).toMatchObject({ status: 'loaded', list: [task] });
  });

  it('a failed 加入 goes back to the offer with the reason, to tap again', async () => {
    const start = reducer(reducer(undefined, ev.memberNotJoined()), ev.joinRequested());
    const { storeState } = await expectSaga(joinProgram)
      .withReducer(reducer, start)
      .provide([
        [matchers.getContext('services'), services],
        [matchers.call.fn(deviceId), 'dtestdevice1'],
        [matchers.call.fn(api.join), null],
      ])
      .run();
    expect(storeState.invitation.me).toEqual({
      status: 'notJoined',
      info: null,
      error: '网络连接失败，请检查网络后重试',
    });
    // The tap is taken only from the offer: a second one while it is out does nothing.
    expect(reducer(start, ev.joinRequested())).toEqual(start);
  });
});

describe('复制链接', () => {
  it('copies the link, says so, then hides the toast after 2 s', async () => {
    const { storeState } = await expectSaga(
      copyInviteLink,
      ev.inviteLinkCopyRequested({ link: 'https://x/wechatH5?share=SEEDU5AA' }),
    )
      .withReducer(invitationReducer, { ...initialInvitationState, copy: 'copying' })
      .provide([[matchers.call.fn(copyText), undefined]])
      .call(copyText, 'https://x/wechatH5?share=SEEDU5AA')
      .put(ev.inviteLinkCopied())
      .put(ev.inviteLinkToastHidden())
      .run({ timeout: COPY_TOAST_MS + 500, silenceTimeout: true });
    expect(COPY_TOAST_MS).toBe(2000);
    expect((storeState as InvitationState).copy).toBe('idle');
    expect(invitationReducer({ ...initialInvitationState, copy: 'copying' }, ev.inviteLinkCopied()).copy).toBe(
      'copied',
    );
  });

  it('a copy neither way could make says so (长按链接复制) instead of claiming it', async () => {
    const { storeState } = await expectSaga(
      copyInviteLink,
      ev.inviteLinkCopyRequested({ link: 'https://x/wechatH5?share=SEEDU5AA' }),
    )
      .withReducer(invitationReducer, { ...initialInvitationState, copy: 'copying' })
      .provide([[matchers.call.fn(copyText), throwError(new Error('no clipboard'))]])
      .put(ev.inviteLinkCopyFailed())
      .put(ev.inviteLinkToastHidden())
      .run({ timeout: COPY_TOAST_MS + 500, silenceTimeout: true });
    expect((storeState as InvitationState).copy).toBe('idle');
  });
});
