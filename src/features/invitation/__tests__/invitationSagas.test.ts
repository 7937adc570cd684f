import { expectSaga } from 'redux-saga-test-plan';
import * as matchers from 'redux-saga-test-plan/matchers';
import { throwError } from 'redux-saga-test-plan/providers';
import { combineReducers, type Reducer } from '@reduxjs/toolkit';
import { ApiError } from '@/api';
import { rsaEncrypt } from '@/lib/crypto';
import { writeItem } from '@/platform/storage';
import * as api from '../api';
import { initialInvitationState, invitationEvents as ev, invitationReducer, type InvitationState } from '../store/invitationSlice';
import { deviceId, loadRecord, submitRegistration } from '../store/invitationWorkers';
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
        [matchers.call.fn(api.register), throwError(new ApiError({ kind: 'business', code: 230012, detail: '不能通过自己的邀请链接注册' }))],
      ])
      .call.fn(api.register)
      .call(rsaEncrypt, 'PEM', 'abc123')
      .put(ev.registerFailed({ message: '不能通过自己的邀请链接注册' }))
      .run();
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
