import { combineReducers, type Reducer } from '@reduxjs/toolkit';
import axios, { type AxiosRequestConfig } from 'axios';
import { expectSaga } from 'redux-saga-test-plan';
import * as matchers from 'redux-saga-test-plan/matchers';
import { throwError } from 'redux-saga-test-plan/providers';

import { silentRunVirtually } from '../../../lib/testing/virtual-time';
import * as api from '../api';
import {
  askBoxShown,
  followTapped,
  knowledgeSlice,
  type KnowledgeState,
  listRequested,
  qualificationConfirmed,
  qualificationDeclined,
  qualificationSubmitted,
  questionSubmitted,
  resourceRequested,
  thumbsTapped,
} from '../store/knowledge-slice';
import {
  knowledgeWatchers,
  loadList,
  parseQuestionDraft,
  QUESTION_DRAFT_TTL_MS,
  submitQualification,
  TAP_SETTLE_MS,
} from '../store/knowledge-workers';

import { ApiError } from '@/api';

type Root = { knowledge: KnowledgeState };
const reducer = combineReducers({ knowledge: knowledgeSlice.reducer }) as unknown as Reducer<Root>;
const ok = (data: unknown) => ({ error: { code: 0, message: 'ok' }, data });

/**
 * The live service as an axios instance whose answers come back after `delayMs`, so a second
 * tap really lands while the first request is out. Records every request it was sent.
 */
function liveService(
  answer: (url: string, body: Record<string, unknown>, params: Record<string, unknown>) => unknown,
  delayMs = 20,
) {
  const sent: Array<{ url: string; body: Record<string, unknown>; params: Record<string, unknown> }> = [];
  const client = axios.create({
    adapter: async (config: AxiosRequestConfig) => {
      const url = String(config.url).replace('/api/store/', '');
      const body = (typeof config.data === 'string' ? JSON.parse(config.data) : (config.data ?? {})) as Record<
        string,
        unknown
      >;
      const params = (config.params ?? {}) as Record<string, unknown>;
      sent.push({ url, body, params });
      await new Promise((r) => setTimeout(r, delayMs));
      return { data: answer(url, body, params), status: 200, statusText: 'OK', headers: {}, config: config as never };
    },
  });
  const services = {
    api: { clients: { liveService: client } },
    navigate: () => undefined,
    currentPath: () => '/shopIndex',
  };
  return {
    sent,
    provide: [matchers.getContext('services'), services] as [ReturnType<typeof matchers.getContext>, typeof services],
  };
}

/** Runs the saga on the virtual clock and dispatches the actions into it while it runs, 5 ms apart (taps by a person, not a queue). */
async function whileRunning<S = Root>(
  saga: ReturnType<typeof expectSaga>,
  ms: number,
  actions: Array<{ type: string }>,
): Promise<{ storeState: S }> {
  const done = silentRunVirtually(saga, ms);
  for (const action of actions) {
    saga.dispatch(action);
    await new Promise((r) => setTimeout(r, 5));
  }
  return (await done) as { storeState: S };
}

/** A service nobody should reach (the call under test is provided). */
const live = () => liveService(() => ok(null), 0);

const article = (id: number) => ({
  id,
  kind: 'news',
  title: `资讯${id}`,
  summary: '',
  cover: '',
  content_html: '<p>x</p>',
  source: '诺亚研究院',
  author: null,
  published_at: 1_790_000_000_000 - id,
  likes: 0,
  liked: false,
  is_top: false,
});

describe('an item that is not there', () => {
  it.each([
    ['the server says it has no such item', { error: { code: 100405, message: '产品不存在' }, data: null }, true],
    ['the server answered nothing', ok(null), false],
    ['the server failed', { error: { code: 100500, message: '服务繁忙' }, data: null }, false],
  ])('%s: the failure says whether trying again can help', async (_what, answer, gone) => {
    const { storeState } = await silentRunVirtually(
      expectSaga(knowledgeWatchers)
        .withReducer(reducer)
        .provide([liveService(() => answer, 0).provide])
        .dispatch(resourceRequested({ key: 'fund:999', kind: 'fund', id: 999 })),
      50,
    );
    expect(storeState.knowledge.resources['fund:999']).toMatchObject({ status: 'failed', gone });
  });
});

describe('list paging', () => {
  it('loads the first page, then the next by the cursor, and stops at the end', async () => {
    const pages: Record<string, { list: unknown[]; next_cursor: string | null }> = {
      '': { list: [article(1), article(2)], next_cursor: 'c2' },
      c2: { list: [article(3)], next_cursor: null },
    };
    const live = liveService((_url, _body, params) => ok(pages[String(params.cursor ?? '')]), 0);
    const first = await silentRunVirtually(
      expectSaga(knowledgeWatchers)
        .withReducer(reducer)
        .provide([live.provide])
        .dispatch(listRequested({ key: 'shop:news', kind: 'news', query: { kind: 'news' }, mode: 'initial' })),
      50,
    );
    expect(first.storeState.knowledge.lists['shop:news']).toMatchObject({
      status: 'loaded',
      next: 'c2',
      items: [{ id: 1 }, { id: 2 }],
    });

    const more = await silentRunVirtually(
      expectSaga(knowledgeWatchers)
        .withReducer(reducer, first.storeState)
        .provide([live.provide])
        .dispatch(listRequested({ key: 'shop:news', kind: 'news', query: { kind: 'news' }, mode: 'more' })),
      50,
    );
    expect(more.storeState.knowledge.lists['shop:news']).toMatchObject({ status: 'loaded', next: null });
    expect((more.storeState.knowledge.lists['shop:news']!.items as Array<{ id: number }>).map((a) => a.id)).toEqual([
      1, 2, 3,
    ]);

    // At the end, "more" asks nothing.
    await silentRunVirtually(
      expectSaga(knowledgeWatchers)
        .withReducer(reducer, more.storeState)
        .provide([live.provide])
        .dispatch(listRequested({ key: 'shop:news', kind: 'news', query: { kind: 'news' }, mode: 'more' })),
      50,
    );
    expect(live.sent.map((r) => [r.url, r.params.cursor ?? null, r.params.limit])).toEqual([
      ['news_list', null, 10],
      ['news_list', 'c2', 10],
    ]);
  });

  it('a failed next page keeps the loaded items and says why; a failed first page is an error state', async () => {
    const loaded: Root = reducer(undefined, { type: 'init' });
    const state = reducer(
      reducer(loaded, listRequested({ key: 'qa', kind: 'qa', mode: 'initial' })),
      knowledgeSlice.actions.listLoaded({ key: 'qa', requestId: 1, items: [{ id: 7 }], next: 'c7', append: false }),
    );
    const more = await expectSaga(loadList, listRequested({ key: 'qa', kind: 'qa', mode: 'more' }))
      .withReducer(reducer, reducer(state, listRequested({ key: 'qa', kind: 'qa', mode: 'more' })))
      .provide([live().provide, [matchers.call.fn(api.fetchQaList), throwError(new ApiError({ kind: 'network' }))]])
      .run();
    expect(more.storeState.knowledge.lists.qa).toMatchObject({
      status: 'failed',
      items: [{ id: 7 }],
      next: 'c7',
      error: '网络连接失败，请检查网络后重试',
    });

    const first = await expectSaga(loadList, listRequested({ key: 'mine', kind: 'mine', mode: 'initial' }))
      .withReducer(reducer, reducer(loaded, listRequested({ key: 'mine', kind: 'mine', mode: 'initial' })))
      .provide([live().provide, [matchers.call.fn(api.fetchMyQuestionList), null]])
      .run();
    expect(first.storeState.knowledge.lists.mine).toMatchObject({
      status: 'failed',
      items: [],
      error: '网络异常，请下拉重试',
    });
  });
});
describe('asking a question', () => {
  it('accepted: the question id is kept and "my questions" reloads to show it in review', async () => {
    const asked = {
      id: 41,
      content: '现在适合定投吗？',
      asker: '刘*',
      asked_at: 1,
      state: 'in_review',
      parent_id: null,
      answer_count: 0,
      top_answer: null,
      hold: null,
    };
    const service = liveService((url) => ok(url === 'store_question' ? asked : { list: [asked], next_cursor: null }));
    const { storeState } = await whileRunning(
      expectSaga(knowledgeWatchers).withReducer(reducer).provide([service.provide]),
      150,
      [
        questionSubmitted({ content: '现在适合定投吗？' }),
        // A second tap on 提交 5 ms later, while the first is out, is dropped (takeLeading).
        questionSubmitted({ content: '现在适合定投吗？' }),
      ],
    );
    expect(storeState.knowledge.ask).toEqual({ status: 'done', error: null, resultId: 41 });
    expect(storeState.knowledge.lists.mine).toMatchObject({
      status: 'loaded',
      items: [{ id: 41, state: 'in_review' }],
    });
    expect(service.sent.map((r) => r.url)).toEqual(['store_question', 'my_question_list']);
    expect(service.sent[0]!.body).toEqual({ content: '现在适合定投吗？' });
  });

  it('refused: the server’s words (naming the sensitive word) reach the screen', async () => {
    const service = liveService(
      () => ({ error: { code: 180103, message: '问题包含敏感词「内幕消息」，请修改后再提交' }, data: null }),
      0,
    );
    const { storeState } = await silentRunVirtually(
      expectSaga(knowledgeWatchers)
        .withReducer(reducer)
        .provide([service.provide])
        .dispatch(questionSubmitted({ content: '有没有内幕消息', parentId: 3 })),
      50,
    );
    expect(storeState.knowledge.ask).toEqual({
      status: 'failed',
      error: '问题包含敏感词「内幕消息」，请修改后再提交',
      resultId: null,
    });
    expect(service.sent[0]!.body).toEqual({ content: '有没有内幕消息', parent_id: 3 });
    expect(storeState.knowledge.lists.mine).toBeUndefined();
  });
});

describe('thumbs-up', () => {
  const likeService = (start: number) => {
    let likes = start;
    let liked = false;
    return liveService((_url, body) => {
      // The server stores the wanted state: a repeat of the stored state changes nothing.
      if (body.liked !== liked) likes += body.liked ? 1 : -1;
      liked = Boolean(body.liked);
      return ok({ item_type: 'answer', item_id: 5, liked, likes });
    });
  };
  const tap = (liked: boolean, count: number, at = 0) =>
    thumbsTapped({ itemType: 'answer', itemId: 5, liked, likes: count, at });
  const shown = (liked: boolean, likes: number) => ({
    liked,
    likes,
    pending: false,
    saved: { liked, likes },
  });

  it('a double tap (second tap under 300 ms after the first) likes, with one request naming the wanted state', async () => {
    for (const gap of [60, 250, 299]) {
      const service = likeService(3);
      const { storeState } = await whileRunning(
        expectSaga(knowledgeWatchers).withReducer(reducer).provide([service.provide]),
        TAP_SETTLE_MS + 200,
        [tap(false, 3, 1000), tap(false, 3, 1000 + gap)],
      );
      expect(service.sent.map((r) => r.body)).toEqual([{ item_type: 'answer', item_id: 5, liked: true }]);
      expect(storeState.knowledge.likes['answer:5']).toMatchObject({ liked: true, likes: 4, pending: false });
    }
  });

  it('two separate taps (300 ms apart or more) take the like back and send nothing', async () => {
    const service = likeService(3);
    const { storeState } = await whileRunning(
      expectSaga(knowledgeWatchers).withReducer(reducer).provide([service.provide]),
      TAP_SETTLE_MS + 200,
      [tap(false, 3, 1000), tap(false, 3, 1300)],
    );
    expect(service.sent).toHaveLength(0);
    expect(storeState.knowledge.likes['answer:5']).toEqual(shown(false, 3));
  });

  it('three separate taps end liked with one request', async () => {
    const service = likeService(3);
    const { storeState } = await whileRunning(
      expectSaga(knowledgeWatchers).withReducer(reducer).provide([service.provide]),
      TAP_SETTLE_MS + 200,
      [tap(false, 3, 0), tap(false, 3, 400), tap(false, 3, 800)],
    );
    expect(service.sent.map((r) => r.body)).toEqual([{ item_type: 'answer', item_id: 5, liked: true }]);
    expect(storeState.knowledge.likes['answer:5']).toEqual(shown(true, 4));
  });

  it('a tap while a request is out waits for its answer, then sends the state shown last', async () => {
    const service = likeService(3);
    const saga = expectSaga(knowledgeWatchers).withReducer(reducer).provide([service.provide]);
    const done = silentRunVirtually(saga, 3 * TAP_SETTLE_MS + 200);
    saga.dispatch(tap(false, 3, 0));
    // The first request is out (sent after the wait, answered 20 ms later): a tap now takes the like back.
    await new Promise((r) => setTimeout(r, TAP_SETTLE_MS + 5));
    saga.dispatch(tap(false, 3, TAP_SETTLE_MS + 5));
    const { storeState } = (await done) as { storeState: Root };
    expect(service.sent.map((r) => r.body.liked)).toEqual([true, false]);
    expect(storeState.knowledge.likes['answer:5']).toEqual(shown(false, 3));
  });

  it('taps on two items go out side by side', async () => {
    const service = liveService((_url, body) =>
      ok({ item_type: body.item_type, item_id: body.item_id, liked: true, likes: 1 }),
    );
    const { storeState } = await silentRunVirtually(
      expectSaga(knowledgeWatchers)
        .withReducer(reducer)
        .provide([service.provide])
        .dispatch(thumbsTapped({ itemType: 'answer', itemId: 1, liked: false, likes: 0, at: 0 }))
        .dispatch(thumbsTapped({ itemType: 'article', itemId: 1, liked: false, likes: 0, at: 0 })),
      TAP_SETTLE_MS + 150,
    );
    expect(service.sent.map((r) => `${r.body.item_type}:${r.body.item_id}`)).toEqual(['answer:1', 'article:1']);
    expect(storeState.knowledge.likes).toEqual({ 'answer:1': shown(true, 1), 'article:1': shown(true, 1) });
  });

  it('a failed tap puts the count back', async () => {
    const service = liveService(() => ({ error: { code: 404, message: '内容不存在或尚未发布' }, data: null }), 0);
    const { storeState } = await silentRunVirtually(
      expectSaga(knowledgeWatchers)
        .withReducer(reducer)
        .provide([service.provide])
        .dispatch(thumbsTapped({ itemType: 'answer', itemId: 9, liked: false, likes: 2, at: 0 })),
      TAP_SETTLE_MS + 100,
    );
    expect(storeState.knowledge.likes['answer:9']).toEqual(shown(false, 2));
  });
});

describe('following an expert', () => {
  it('a double tap follows; two separate taps send nothing; unfollow takes it back', async () => {
    let followers = 10;
    const service = liveService((_url, body) => {
      followers += body.followed ? 1 : -1;
      return ok({ expert_id: 9, followed: body.followed, followers });
    });
    const run = (state: Root | undefined, ats: number[], count: number, followed: boolean) =>
      whileRunning(
        expectSaga(knowledgeWatchers).withReducer(reducer, state).provide([service.provide]),
        TAP_SETTLE_MS + 200,
        ats.map((at) => followTapped({ expertId: 9, followed, followers: count, at })),
      );
    const apart = await run(undefined, [0, 300], 10, false);
    expect(service.sent).toEqual([]);
    expect(apart.storeState.knowledge.follows[9]).toMatchObject({ followed: false, followers: 10, pending: false });
    const double = await run(undefined, [0, 120], 10, false);
    expect(service.sent).toEqual([{ url: 'follow', body: { expert_id: 9, followed: true }, params: {} }]);
    expect(double.storeState.knowledge.follows[9]).toMatchObject({ followed: true, followers: 11, pending: false });
    const unfollowed = await run(double.storeState, [5000], 11, true);
    expect(unfollowed.storeState.knowledge.follows[9]).toMatchObject({
      followed: false,
      followers: 10,
      pending: false,
    });
  });

  it('a failure puts the button back and says why', async () => {
    const service = liveService(() => ({ error: { code: 404, message: '该专家不存在' }, data: null }), 0);
    const { storeState } = await silentRunVirtually(
      expectSaga(knowledgeWatchers)
        .withReducer(reducer)
        .provide([service.provide])
        .dispatch(followTapped({ expertId: 77, followed: false, followers: 0, at: 0 })),
      TAP_SETTLE_MS + 100,
    );
    expect(storeState.knowledge.follows[77]).toMatchObject({ followed: false, followers: 0, pending: false });
    expect(storeState.knowledge.followError).toBe('该专家不存在');
  });
});

describe('qualified-investor confirmation', () => {
  it('confirming sends the basis with the risk acknowledgement, then loads the contract', async () => {
    const product = {
      id: 8,
      kind: 'private',
      code: 'P008',
      name: '星辰量化中性1号私募',
      category: '私募证券',
      risk_level: 'R4',
      latest_nav: 1.2,
      nav_date: 1,
      one_year_return: 3.5,
      yield_7d: null,
      min_purchase: 1_000_000,
      highlight: '',
    };
    const contract = {
      product,
      qualification: { confirmed: true, confirmed_at: 1, basis: 'assets', declared_amount: 3_000_000 },
      risk_match: { status: 'matched', customer_level: 'C5', expires_at: 2, product_level: 'R4', message: '' },
      contract: { title: '合同', sections: [], cooling_off_hours: 24 },
    };
    const service = liveService(
      (url) =>
        ok(
          url === 'qualified_confirm'
            ? { confirmed: true, confirmed_at: 1, basis: 'assets', declared_amount: 3_000_000 }
            : contract,
        ),
      0,
    );
    const { storeState } = await silentRunVirtually(
      expectSaga(knowledgeWatchers)
        .withReducer(reducer)
        .provide([service.provide])
        .dispatch(qualificationSubmitted({ productId: 8, basis: 'assets', amount: 3_000_000 }))
        .put(qualificationConfirmed({ productId: 8 }))
        .put(resourceRequested({ key: 'contract:8', kind: 'contract', id: 8 })),
      50,
    );
    expect(service.sent.map((r) => [r.url, r.body, r.params])).toEqual([
      ['qualified_confirm', { product_id: 8, basis: 'assets', amount: 3_000_000, risk_acknowledged: true }, {}],
      ['private_contract', {}, { product_id: 8 }],
    ]);
    expect(storeState.knowledge.confirm.status).toBe('done');
    expect(storeState.knowledge.resources['contract:8']).toMatchObject({ status: 'loaded', data: contract });
  });

  it('a refusal keeps the contract unrequested and shows the reason', async () => {
    const { storeState } = await expectSaga(
      submitQualification,
      qualificationSubmitted({ productId: 8, basis: 'income', amount: 400_000 }),
    )
      .withReducer(
        reducer,
        reducer(undefined, qualificationSubmitted({ productId: 8, basis: 'income', amount: 400_000 })),
      )
      .provide([
        live().provide,
        [
          matchers.call.fn(api.postQualifiedConfirm),
          throwError(new ApiError({ kind: 'business', code: 404, detail: '私募产品不存在' })),
        ],
      ])
      .not.put.actionType(resourceRequested.type)
      .run();
    expect(storeState.knowledge.confirm).toEqual({ status: 'failed', error: '私募产品不存在', resultId: null });
  });
});

describe('我不符合', () => {
  it('the reader leaves at once and the exit is recorded on the server', async () => {
    const service = liveService(() => ok({ recorded: true }), 0);
    const { storeState } = await silentRunVirtually(
      expectSaga(knowledgeWatchers)
        .withReducer(reducer)
        .provide([service.provide])
        .dispatch(qualificationDeclined({ productId: 8 })),
      50,
    );
    expect(storeState.knowledge.declinedProductId).toBe(8);
    expect(service.sent.map((r) => [r.url, r.body])).toEqual([['qualified_decline', { product_id: 8 }]]);
  });
});

describe('a question typed before the sign-in wall', () => {
  const ask = questionSubmitted({ content: '现在适合定投吗？', parentId: 3 });
  beforeEach(() => localStorage.clear());

  it('is kept when the wall answers, and sent once the asker is back signed in', async () => {
    const service = live();
    const walled = await silentRunVirtually(
      expectSaga(knowledgeWatchers)
        .withReducer(reducer)
        .provide([
          service.provide,
          [matchers.call.fn(Date.now), 1_790_000_000_000],
          [matchers.call.fn(api.postQuestion), throwError(new ApiError({ kind: 'session-invalid', code: 401 }))],
        ])
        .dispatch(ask),
      50,
    );
    expect(walled.storeState.knowledge.ask.status).toBe('failed');
    expect(JSON.parse(localStorage.getItem('store_question_draft')!)).toEqual({
      content: '现在适合定投吗？',
      parentId: 3,
      at: 1_790_000_000_000,
    });

    localStorage.setItem('token', 'signed-in');
    const back = await silentRunVirtually(
      expectSaga(knowledgeWatchers)
        .withReducer(reducer)
        .provide([
          service.provide,
          [matchers.call.fn(Date.now), 1_790_000_000_000 + QUESTION_DRAFT_TTL_MS - 1],
          [matchers.call.fn(api.postQuestion), { id: 41 }],
        ])
        .dispatch(askBoxShown({ parentId: 3 })),
      50,
    );
    expect(back.effects.call?.filter((e) => e.payload.fn === api.postQuestion)).toHaveLength(1);
    expect(back.storeState.knowledge.ask).toMatchObject({ status: 'done', resultId: 41 });
    expect(localStorage.getItem('store_question_draft')).toBeNull();
  });

  it('goes back into its box, unsent, when the asker returns without signing in', async () => {
    localStorage.setItem('store_question_draft', JSON.stringify({ content: '基金怎么选？', parentId: null, at: 1000 }));
    const { storeState } = await silentRunVirtually(
      expectSaga(knowledgeWatchers)
        .withReducer(reducer)
        .provide([live().provide, [matchers.call.fn(Date.now), 2000]])
        .dispatch(askBoxShown({ parentId: null })),
      50,
    );
    expect(storeState.knowledge.draft).toEqual({ content: '基金怎么选？', parentId: null });
    expect(storeState.knowledge.ask.status).toBe('idle');
    expect(localStorage.getItem('store_question_draft')).not.toBeNull();
  });

  it('is dropped once it is as old as the time limit (a different visit)', () => {
    expect(QUESTION_DRAFT_TTL_MS).toBe(1_800_000);
    const raw = JSON.stringify({ content: '基金怎么选？', parentId: null, at: 0 });
    expect(parseQuestionDraft(raw, QUESTION_DRAFT_TTL_MS - 1)).toEqual({ content: '基金怎么选？', parentId: null });
    expect(parseQuestionDraft(raw, QUESTION_DRAFT_TTL_MS)).toBeNull();
  });
});
