import { expectSaga } from 'redux-saga-test-plan';
import * as matchers from 'redux-saga-test-plan/matchers';
import { throwError } from 'redux-saga-test-plan/providers';
import { combineReducers, type Reducer } from '@reduxjs/toolkit';
import { ApiError } from '@/api';
import { rsaEncrypt } from '@/lib/crypto';
import { writeItem } from '@/platform/storage';
import * as api from '../api';
import { initialInvitationState, invitationEvents as ev, invitationReducer, type InvitationState } from '../store/invitationSlice';
import { deviceId, loadRecord, registrationRequestId, submitRegistration } from '../store/invitationWorkers';
import { passwordChecks } from '../components/RegisterForm';

const services = { api: { clients: { invitation: {} } }, navigate: () => undefined, currentPath: () => '/', now: () => 0 };
// The root shape with only this slice, typed without the preloaded-state partial.
const reducer = combineReducers({ invitation: invitationReducer }) as unknown as Reducer<{ invitation: InvitationState }>;
const member = { memberId: 1, phone: '139****0004', name: '刘*', avatar: '', shareCode: 'SEEDU4AA', verified: false, invitedCount: 2, rewardPoints: 300 };

describe('invitation sagas', () => {
  it('a network failure (the empty value of spec §8) becomes an error state with a message, not a blank', async () => {
    const { storeState } = await expectSaga(loadRecord)
      .withReducer(reducer, { invitation: { ...initialInvitationState, me: { status: 'loading', info: null, error: null } } })
      .provide([[matchers.getContext('services'), services], [matchers.call.fn(deviceId), 'dtestdevice1'], [matchers.call.fn(api.userBaseInfo), null]])
      .run();
    expect(storeState.invitation.me).toEqual({ status: 'failed', info: null, error: '网络连接失败，请检查网络后重试' });
  });

  it('sign-in keeps the mgmtoken the server hands out, then loads both lists', async () => {
    const { storeState } = await expectSaga(loadRecord)
      .withReducer(reducer)
      .provide([
        [matchers.getContext('services'), services],
        [matchers.call.fn(deviceId), 'dtestdevice1'],
        [matchers.call.fn(api.userBaseInfo), { ...member, mgmtoken: 'mgm-token-123456789' }],
        [matchers.call.fn(writeItem), undefined],
        [matchers.call.fn(api.friendList), { list: [], total: 0, page: 1, pageSize: 10 }],
        [matchers.call.fn(api.giftList), { list: [], total: 0, page: 1, pageSize: 10, pendingPoints: 0, grantedPoints: 300 }],
      ])
      .call(writeItem, 'mgmtoken', 'mgm-token-123456789')
      .run();
    expect(storeState.invitation.me.info).toEqual(member);
    expect(storeState.invitation.gifts).toMatchObject({ status: 'loaded', grantedPoints: 300 });
  });

  it('register: the password leaves RSA-encrypted with the getRSA key; a refusal shows the server’s words', async () => {
    const submitted = ev.registerSubmitted({ region: '86', phone: '13612340001', code: '123456', password: 'abc123', agree: true });
    await expectSaga(submitRegistration, submitted)
      .withReducer(reducer)
      .provide([
        [matchers.getContext('services'), services],
        [matchers.call.fn(api.getRsa), { pubKey: 'PEM' }],
        [matchers.call(rsaEncrypt, 'PEM', 'abc123'), 'ENCRYPTED=='],
        [matchers.call.fn(deviceId), 'dtestdevice1'],
        [matchers.call.fn(registrationRequestId), 'rtestrequest00000001'],
        [matchers.call.fn(api.register), throwError(new ApiError({ kind: 'business', code: 230012, detail: '不能通过自己的邀请链接注册' }))],
      ])
      // The requestId goes along, so a resend after a dropped connection is recognised (issue 16 item 9).
      .call(api.register, services.api.clients, { region: '86', phone: '13612340001', code: '123456', password: 'ENCRYPTED==', agree: true, deviceId: 'dtestdevice1', requestId: 'rtestrequest00000001' })
      .call(registrationRequestId, '86', '13612340001', '123456')
      .call(rsaEncrypt, 'PEM', 'abc123')
      .put(ev.registerFailed({ message: '不能通过自己的邀请链接注册' }))
      .run();
  });
});

describe('a registration sent again after a dropped connection (issue 16 item 9)', () => {
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
    const submitted = ev.registerSubmitted({ region: '86', phone: '13612340002', code: '111111', password: 'abc123', agree: true });
    const registered = { mgmtoken: 'M'.repeat(32), member, inviterName: null, flagged: false };
    await expectSaga(submitRegistration, submitted)
      .withReducer(reducer)
      .provide([
        [matchers.getContext('services'), services],
        [matchers.call.fn(api.getRsa), { pubKey: 'PEM' }],
        [matchers.call(rsaEncrypt, 'PEM', 'abc123'), 'ENCRYPTED=='],
        [matchers.call.fn(deviceId), 'dtestdevice1'],
        [matchers.call.fn(api.register), registered],
      ])
      .put(ev.registered(registered))
      .run();
    expect(localStorage.getItem('mgm_pending_registration')).toBeNull();
  });
});

describe('password rules shown as you type (spec §5)', () => {
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
