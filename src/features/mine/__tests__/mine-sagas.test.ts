import { combineReducers, type Reducer } from '@reduxjs/toolkit';
import { expectSaga } from 'redux-saga-test-plan';
import * as matchers from 'redux-saga-test-plan/matchers';
import { throwError } from 'redux-saga-test-plan/providers';

import { initialMineState, mineEvents as ev, mineSlice, type MineState } from '../store/mine-slice';
import { loadMineList, loadMineLists, MINE_INLINE } from '../store/mine-workers';

import { ApiError } from '@/api';
import { InvitationErrorCode } from '@/api/contract/invitation-constants';
import { type InvitationApi, loadInvitationApi } from '@/features/invitation';
import { loadStoreApi, type StoreApi } from '@/features/knowledge';
import { fetchMySubscriptions } from '@/features/lives';
import { readItem, writeItem } from '@/platform/storage';

/** 我的's lists: each loads on its own, says when it is empty or failed, and opening it enrols no one. */
const reducer = combineReducers({ mine: mineSlice.reducer }) as unknown as Reducer<{ mine: MineState }>;
const clients = { liveService: {}, invitation: {} };
const services = { api: { clients } };
const live = { num_index: 5, status: 2, title: '年末资产配置策略会', start_time: 1_795_000_000 };
const question = { id: 3, content: '定投多久合适？', state: 'answered', answer_count: 1 };
const expert = { id: 1, name: '王建国', title: '首席策略师' };
const friend = { id: 9, phone: '138****5678', state: 'registered' };
const store = {
  fetchMyQuestionList: jest.fn(),
  fetchExpertList: jest.fn(),
} as unknown as StoreApi;
const mgm = { userBaseInfo: jest.fn(), friendList: jest.fn() } as unknown as InvitationApi;
const opened = () => reducer(undefined, ev.mineListsOpened());

it('opened by a signed-in customer, every list loads its first few', async () => {
  const { storeState } = await expectSaga(loadMineLists)
    .withReducer(reducer, opened())
    .provide([
      [matchers.getContext('services'), services],
      [matchers.call.fn(readItem), 'signed-in'],
      [matchers.call.fn(fetchMySubscriptions), { list: [live], total: 4, page: 1, page_size: MINE_INLINE }],
      [matchers.call.fn(loadStoreApi), store],
      [matchers.call.fn(loadInvitationApi), mgm],
      [matchers.call.fn(store.fetchMyQuestionList), { list: [question], next_cursor: null }],
      [matchers.call.fn(store.fetchExpertList), { list: [expert], next_cursor: null }],
      [matchers.call.fn(mgm.userBaseInfo), { shareCode: 'SEEDU4AA', mgmtoken: 'mgm-token-abcdefgh' }],
      [matchers.call.fn(writeItem), undefined],
      [matchers.call.fn(mgm.friendList), { list: [friend], total: 2, page: 1, pageSize: MINE_INLINE }],
    ])
    .call(fetchMySubscriptions, clients, { page_size: 3 })
    .call(store.fetchExpertList, clients, { kind: 'followed', limit: 3 })
    .call(writeItem, 'mgmtoken', 'mgm-token-abcdefgh')
    .run();
  expect(storeState.mine.lists).toEqual({
    bookings: { status: 'loaded', items: [live], total: 4, error: null },
    questions: { status: 'loaded', items: [question], total: 1, error: null },
    follows: { status: 'loaded', items: [expert], total: 1, error: null },
    invitations: { status: 'loaded', items: [friend], total: 2, error: null },
  });
  expect(storeState.mine.notJoined).toBe(false);
});

it('someone not in the invitation program is told so, and nothing enrols them', async () => {
  const notMember = new ApiError({ kind: 'business', code: InvitationErrorCode.notMember, detail: '未加入' });
  const { storeState } = await expectSaga(loadMineList, 'invitations')
    .withReducer(reducer, opened())
    .provide([
      [matchers.getContext('services'), services],
      [matchers.call.fn(loadInvitationApi), mgm],
      [matchers.call.fn(mgm.userBaseInfo), throwError(notMember)],
    ])
    .not.call.fn(mgm.friendList)
    .run();
  expect(storeState.mine.lists.invitations).toEqual({ status: 'loaded', items: [], total: 0, error: null });
  expect(storeState.mine.notJoined).toBe(true);
});

it('a list that fails says why and keeps the others; its 重试 loads it alone', async () => {
  const { storeState } = await expectSaga(loadMineList, 'bookings')
    .withReducer(reducer, opened())
    .provide([
      [matchers.getContext('services'), services],
      [matchers.call.fn(fetchMySubscriptions), null],
    ])
    .run();
  expect(storeState.mine.lists.bookings).toEqual({
    status: 'failed',
    items: [],
    total: 0,
    error: '网络连接失败，请检查网络后重试',
  });
  expect(storeState.mine.lists.questions.status).toBe('loading');
  expect(reducer(storeState, ev.mineListRetried({ key: 'bookings' })).mine.lists.bookings.status).toBe('loading');
});

it('a visitor (no token) asks the server nothing', async () => {
  await expectSaga(loadMineLists)
    .withReducer(reducer, { mine: initialMineState })
    .provide([[matchers.call.fn(readItem), null]])
    .not.call.fn(fetchMySubscriptions)
    .not.call.fn(loadStoreApi)
    .not.call.fn(loadInvitationApi)
    .run();
});
