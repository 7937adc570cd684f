import { combineReducers, type Reducer } from '@reduxjs/toolkit';
import axios from 'axios';
import { expectSaga } from 'redux-saga-test-plan';
import * as matchers from 'redux-saga-test-plan/matchers';
import { throwError } from 'redux-saga-test-plan/providers';

import { silentRunVirtually } from '../../../lib/testing/virtual-time';
import * as api from '../api';
import { saveCsv } from '../download';
import {
  answerReviewDecided,
  answerSubmitted,
  complianceExportRequested,
  complianceFilterChanged,
  heldTextDecided,
  materialReviewDecided,
  memberReversalRequested,
  memberReviewDecided,
  staffListRequested,
  staffSlice,
  type StaffState,
} from '../store/staff-slice';
import { PAGE, staffWatchers } from '../store/staff-workers';

import { ApiError } from '@/api';
import type { ComplianceEvent } from '@/api/contract/compliance-trail';
import type { ReviewUser } from '@/api/contract/invitation';
import type { MaterialReviewItem } from '@/api/contract/material-review';
import type { PolicyHoldItem } from '@/api/contract/policy-holds';
import type { StoreExpertQuestion, StoreReviewItem } from '@/api/contract/store';
import { sessionSignedIn, sessionSlice } from '@/features/session';

type Root = { staff: StaffState; session: ReturnType<typeof sessionSlice.reducer> };
const reducer = combineReducers({
  staff: staffSlice.reducer,
  session: sessionSlice.reducer,
}) as unknown as Reducer<Root>;
const services = {
  api: { clients: { liveService: {}, invitation: {} } },
  navigate: () => undefined,
  currentPath: () => '/reviewDesk',
  now: () => Date.UTC(2026, 10, 26, 2),
};
const context: [ReturnType<typeof matchers.getContext>, typeof services] = [matchers.getContext('services'), services];
const refused = (message: string) => new ApiError({ kind: 'business', code: 100406, detail: message });

const answer = (id: number, over: Partial<StoreReviewItem> = {}): StoreReviewItem => ({
  answer_id: id,
  state: 'in_review',
  content: '先看期限与风险承受能力。',
  return_reason: null,
  updated_at: 1_790_000_000_000,
  expert: { id: 1, name: '周立衡', certificate_no: 'A123456789012' },
  question: { id: 50 + id, content: '现在适合买债基吗？' },
  history: [],
  hold: null,
  ...over,
});
const question = (id: number, my: StoreReviewItem | null = null): StoreExpertQuestion => ({
  question: { id, content: `问题${id}`, asker: '张*', asked_at: 1_790_000_000_000, parent_id: null },
  my_answer: my,
});
const member = (memberId: number, over: Partial<ReviewUser> = {}): ReviewUser => ({
  memberId,
  phone: '137****1001',
  name: '张*丰',
  inviterName: '王*国',
  invitationState: 'eligible',
  flags: [],
  signed: true,
  bindState: 'unbound',
  adviserName: null,
  registeredAt: 1_790_000_000,
  fourEyes: null,
  finalDecision: null,
  ...over,
});
const material = (id: number, over: Partial<MaterialReviewItem> = {}): MaterialReviewItem => ({
  material_id: id,
  kind: 'article',
  project: '我的素材',
  title: `素材${id}`,
  summary: '',
  html: '<p>配置回到目标与期限。</p>',
  image_url: null,
  pdf_url: null,
  source_url: null,
  products: [],
  disclosures: [],
  author: { id: 1, name: '王建国' },
  owner: { id: 1, name: '王建国' },
  state: 'pending',
  submitted_at: 1_790_000_000_000,
  last_comment: null,
  four_eyes: null,
  ...over,
});
const event = (id: number): ComplianceEvent => ({
  id,
  kind: 'review',
  at: 1_790_000_000_000,
  actor: { id: 17, name: '许文清' },
  adviser: { id: 1, name: '王建国' },
  customer: null,
  product: null,
  subject: `member:${id}`,
  decision: 'approved',
  reason: null,
  detail: {},
});

describe('专家回答', () => {
  it('shows the server’s refusal under the answer, then a clean answer goes to review and into both lists', async () => {
    const start = reducer(undefined, { type: 'init' });
    const loaded = await silentRunVirtually(
      expectSaga(staffWatchers)
        .withReducer(reducer, start)
        .provide([
          context,
          [matchers.call.fn(api.fetchExpertQuestions), { list: [question(7), question(8)], next_cursor: null }],
        ])
        .dispatch(staffListRequested({ list: 'inbox', mode: 'first' })),
      30,
    );
    expect(loaded.storeState.staff.lists.inbox).toMatchObject({
      status: 'loaded',
      next: null,
      items: [{ question: { id: 7 } }, { question: { id: 8 } }],
    });

    const promise = '这个组合保本，放心买。';
    const refusedRun = await silentRunVirtually(
      expectSaga(staffWatchers)
        .withReducer(reducer, loaded.storeState)
        .provide([
          context,
          [matchers.call.fn(api.postAnswer), throwError(refused('回答包含承诺收益的用语「保本」，不能提交审核'))],
        ])
        .dispatch(answerSubmitted({ questionId: 7, content: promise, submit: true })),
      30,
    );
    expect(refusedRun.storeState.staff.submits['question:7']).toEqual({
      status: 'failed',
      error: '回答包含承诺收益的用语「保本」，不能提交审核',
    });
    expect(refusedRun.storeState.staff.lists.inbox.items[0]!.my_answer).toBeNull();

    const saved = answer(40, { question: { id: 7, content: '问题7' } });
    const accepted = await silentRunVirtually(
      expectSaga(staffWatchers)
        .withReducer(reducer, refusedRun.storeState)
        .provide([context, [matchers.call.fn(api.postAnswer), saved]])
        .call.like({
          fn: api.postAnswer,
          args: [services.api.clients, { question_id: 7, content: '市场有风险，投资需谨慎。', submit: true }],
        })
        .dispatch(answerSubmitted({ questionId: 7, content: '市场有风险，投资需谨慎。', submit: true })),
      30,
    );
    expect(accepted.storeState.staff.submits['question:7']).toEqual({ status: 'done', error: null });
    expect(accepted.storeState.staff.lists.inbox.items[0]!.my_answer).toMatchObject({
      answer_id: 40,
      state: 'in_review',
    });
    expect(accepted.storeState.staff.lists.myAnswers.items.map((a: StoreReviewItem) => a.answer_id)).toEqual([40]);
  });

  it('a second tap while one is out sends nothing more', async () => {
    let posts = 0;
    // A live service whose answer takes 50 ms, so the second tap really lands while the first is out.
    const liveService = axios.create({
      adapter: async (config) => {
        posts += 1;
        await new Promise((r) => setTimeout(r, 50));
        return {
          data: { error: { code: 0, message: 'ok' }, data: answer(41) },
          status: 200,
          statusText: 'OK',
          headers: {},
          config,
        };
      },
    });
    const slow: typeof context = [
      context[0],
      { ...services, api: { clients: { ...services.api.clients, liveService } } } as never,
    ];
    const saga = expectSaga(staffWatchers).withReducer(reducer).provide([slow]);
    const run = silentRunVirtually(saga, 150);
    saga.dispatch(answerSubmitted({ questionId: 9, content: 'a', submit: true }));
    await new Promise((r) => setTimeout(r, 5));
    saga.dispatch(answerSubmitted({ questionId: 9, content: 'a', submit: true }));
    const { storeState } = (await run) as { storeState: Root };
    expect(posts).toBe(1);
    expect(storeState.staff.submits['question:9']).toEqual({ status: 'done', error: null });
  });
});

describe('审核台', () => {
  it('a refused decision keeps the item with the server’s reason; an allowed one takes it off the list', async () => {
    const listed = await silentRunVirtually(
      expectSaga(staffWatchers)
        .withReducer(reducer)
        .provide([
          context,
          [
            matchers.call.fn(api.fetchPendingAnswers),
            {
              list: [answer(1, { four_eyes: '这是您撰写的回答，需由其他审核人员审核' }), answer(2)],
              next_cursor: 'c2',
            },
          ],
        ])
        .dispatch(staffListRequested({ list: 'pendingAnswers', mode: 'first' })),
      30,
    );
    expect(listed.storeState.staff.lists.pendingAnswers).toMatchObject({ status: 'loaded', next: 'c2' });

    const own = await silentRunVirtually(
      expectSaga(staffWatchers)
        .withReducer(reducer, listed.storeState)
        .provide([
          context,
          [matchers.call.fn(api.postAnswerDecision), throwError(refused('这是您撰写的回答，需由其他审核人员审核'))],
        ])
        .dispatch(answerReviewDecided({ answerId: 1, decision: 'publish' })),
      30,
    );
    expect(own.storeState.staff.submits['answer:1']).toEqual({
      status: 'failed',
      error: '这是您撰写的回答，需由其他审核人员审核',
    });
    expect(own.storeState.staff.lists.pendingAnswers.items.map((a: StoreReviewItem) => a.answer_id)).toEqual([1, 2]);

    const done = await silentRunVirtually(
      expectSaga(staffWatchers)
        .withReducer(reducer, own.storeState)
        .provide([
          context,
          [matchers.call.fn(api.postAnswerDecision), answer(2, { state: 'returned', return_reason: '请补充风险提示' })],
        ])
        .call.like({
          fn: api.postAnswerDecision,
          args: [services.api.clients, { answer_id: 2, decision: 'return', reason: '请补充风险提示' }],
        })
        .dispatch(answerReviewDecided({ answerId: 2, decision: 'return', reason: '请补充风险提示' })),
      30,
    );
    expect(done.storeState.staff.lists.pendingAnswers.items.map((a: StoreReviewItem) => a.answer_id)).toEqual([1]);
  });

  it('members page by number; a bind keeps the row as bound, a confirmation takes it off', async () => {
    const first = await silentRunVirtually(
      expectSaga(staffWatchers)
        .withReducer(reducer)
        .provide([
          context,
          [
            matchers.call.fn(api.fetchPendingMembers),
            {
              list: [member(5), member(6, { bindState: 'bound', adviserName: '王建国' })],
              total: PAGE + 1,
              page: 1,
              pageSize: PAGE,
            },
          ],
        ])
        .dispatch(staffListRequested({ list: 'pendingMembers', mode: 'first' })),
      30,
    );
    expect(first.storeState.staff.lists.pendingMembers.next).toBe(2);
    const more = await silentRunVirtually(
      expectSaga(staffWatchers)
        .withReducer(reducer, first.storeState)
        .provide([
          context,
          [matchers.call.fn(api.fetchPendingMembers), { list: [member(7)], total: PAGE + 1, page: 2, pageSize: PAGE }],
        ])
        .call.like({ fn: api.fetchPendingMembers, args: [services.api.clients, 2, PAGE] })
        .dispatch(staffListRequested({ list: 'pendingMembers', mode: 'more' })),
      30,
    );
    expect(more.storeState.staff.lists.pendingMembers).toMatchObject({
      next: null,
      items: [{ memberId: 5 }, { memberId: 6 }, { memberId: 7 }],
    });

    const bound = await silentRunVirtually(
      expectSaga(staffWatchers)
        .withReducer(reducer, more.storeState)
        .provide([
          context,
          [matchers.call.fn(api.postBind), { memberId: 5, bindState: 'bound', adviserName: '李晓梅' }],
          [matchers.call.fn(api.postConfirm), { memberId: 6, bindState: 'confirmed', invitationState: 'granted' }],
        ])
        .dispatch(memberReviewDecided({ memberId: 5, decision: 'bind', employeeId: 'E0002' }))
        .dispatch(memberReviewDecided({ memberId: 6, decision: 'approve', note: '资料齐全' })),
      30,
    );
    expect(bound.storeState.staff.lists.pendingMembers.items).toEqual([
      member(5, { bindState: 'bound', adviserName: '李晓梅' }),
      member(7),
    ]);
  });
});

describe('审核台 素材 and final bindings', () => {
  it('materials page by cursor; a four-eyes refusal stays under the item with its reason; an approval or a return takes it off', async () => {
    const own = '这是您撰写的素材，需由其他审核人员审核';
    const listed = await silentRunVirtually(
      expectSaga(staffWatchers)
        .withReducer(reducer)
        .provide([
          context,
          [
            matchers.call.fn(api.fetchPendingMaterials),
            { list: [material(3, { four_eyes: own }), material(4)], next_cursor: '4' },
          ],
        ])
        .call.like({ fn: api.fetchPendingMaterials, args: [services.api.clients, { limit: PAGE }] })
        .dispatch(staffListRequested({ list: 'pendingMaterials', mode: 'first' })),
      30,
    );
    expect(listed.storeState.staff.lists.pendingMaterials).toMatchObject({ status: 'loaded', next: '4' });

    const refusedOwn = await silentRunVirtually(
      expectSaga(staffWatchers)
        .withReducer(reducer, listed.storeState)
        .provide([context, [matchers.call.fn(api.postMaterialDecision), throwError(refused(own))]])
        .dispatch(materialReviewDecided({ materialId: 3, decision: 'approve' })),
      30,
    );
    expect(refusedOwn.storeState.staff.submits['material:3']).toEqual({ status: 'failed', error: own });
    expect(
      refusedOwn.storeState.staff.lists.pendingMaterials.items.map((m: MaterialReviewItem) => m.material_id),
    ).toEqual([3, 4]);

    const returned = await silentRunVirtually(
      expectSaga(staffWatchers)
        .withReducer(reducer, refusedOwn.storeState)
        .provide([
          context,
          [
            matchers.call.fn(api.postMaterialDecision),
            { material_id: 4, state: 'returned', review_no: '', review_expires_at: null, comment: '请补充风险提示' },
          ],
        ])
        .call.like({
          fn: api.postMaterialDecision,
          args: [services.api.clients, { material_id: 4, decision: 'return', comment: '请补充风险提示' }],
        })
        .dispatch(materialReviewDecided({ materialId: 4, decision: 'return', comment: '请补充风险提示' })),
      30,
    );
    expect(
      returned.storeState.staff.lists.pendingMaterials.items.map((m: MaterialReviewItem) => m.material_id),
    ).toEqual([3]);
    expect(returned.storeState.staff.submits['material:4']).toEqual({ status: 'done', error: null });
  });

  it('a reversal by the one who decided is refused with the reason; a second reviewer’s takes the member off the final list and reloads the pending one', async () => {
    const final = { decidedBy: '陈志强', at: 1_790_000_000, reverseBlock: null };
    const listed = await silentRunVirtually(
      expectSaga(staffWatchers)
        .withReducer(reducer)
        .provide([
          context,
          [
            matchers.call.fn(api.fetchDecidedMembers),
            {
              list: [
                member(8, { bindState: 'confirmed', finalDecision: final }),
                member(9, { bindState: 'rejected', finalDecision: final }),
              ],
              total: 2,
              page: 1,
              pageSize: PAGE,
            },
          ],
        ])
        .call.like({ fn: api.fetchDecidedMembers, args: [services.api.clients, 1, PAGE] })
        .dispatch(staffListRequested({ list: 'decidedMembers', mode: 'first' })),
      30,
    );
    const second = '该最终决定由您作出，撤销须由第二位审核员处理';
    const refusedSelf = await silentRunVirtually(
      expectSaga(staffWatchers)
        .withReducer(reducer, listed.storeState)
        .provide([context, [matchers.call.fn(api.postReverse), throwError(refused(second))]])
        .dispatch(memberReversalRequested({ memberId: 8, reason: '改派' })),
      30,
    );
    expect(refusedSelf.storeState.staff.submits['member:8']).toEqual({ status: 'failed', error: second });
    expect(refusedSelf.storeState.staff.lists.decidedMembers.items).toHaveLength(2);

    const reversed = await silentRunVirtually(
      expectSaga(staffWatchers)
        .withReducer(reducer, refusedSelf.storeState)
        .provide([
          context,
          [matchers.call.fn(api.postReverse), { memberId: 8, bindState: 'bound', invitationState: 'verified' }],
          [
            matchers.call.fn(api.fetchPendingMembers),
            { list: [member(8, { bindState: 'bound' })], total: 1, page: 1, pageSize: PAGE },
          ],
        ])
        .call.like({ fn: api.postReverse, args: [services.api.clients, { memberId: 8, reason: '客户申请更换理财师' }] })
        .put(staffListRequested({ list: 'pendingMembers', mode: 'refresh' }))
        .dispatch(memberReversalRequested({ memberId: 8, reason: '客户申请更换理财师' })),
      30,
    );
    expect(reversed.storeState.staff.lists.decidedMembers.items.map((m: ReviewUser) => m.memberId)).toEqual([9]);
    expect(reversed.storeState.staff.lists.pendingMembers.items.map((m: ReviewUser) => m.memberId)).toEqual([8]);
  });
});

describe('审核台 · 待审内容', () => {
  const held = (id: number, over: Partial<PolicyHoldItem> = {}): PolicyHoldItem => ({
    id,
    subject: `leave_message:${id}`,
    place: 'leave_message',
    place_label: '留言',
    content: '这款产品宝本',
    message: '留言疑似含有保本承诺，将在合规审核后发布',
    writer: { id: 15, name: '赵*' },
    status: 'held',
    created_at: 1_790_000_000_000,
    four_eyes: null,
    ...over,
  });
  it('lists held texts; a refused release keeps the item with the reason, an approval or rejection takes it off', async () => {
    const loaded = await silentRunVirtually(
      expectSaga(staffWatchers)
        .withReducer(reducer, reducer(undefined, { type: 'init' }))
        .provide([context, [matchers.call.fn(api.fetchHeldTexts), { list: [held(1), held(2)] }]])
        .dispatch(staffListRequested({ list: 'heldTexts', mode: 'first' })),
      30,
    );
    expect(loaded.storeState.staff.lists.heldTexts).toMatchObject({ status: 'loaded', next: null });
    expect(loaded.storeState.staff.lists.heldTexts.items.map((h: PolicyHoldItem) => h.id)).toEqual([1, 2]);

    const own = '这是您本人写的内容，需由其他审核人员审核';
    const refusedRun = await silentRunVirtually(
      expectSaga(staffWatchers)
        .withReducer(reducer, loaded.storeState)
        .provide([context, [matchers.call.fn(api.postHeldDecision), throwError(refused(own))]])
        .dispatch(heldTextDecided({ holdId: 1, decision: 'approve' })),
      30,
    );
    expect(refusedRun.storeState.staff.submits['hold:1']).toEqual({ status: 'failed', error: own });
    expect(refusedRun.storeState.staff.lists.heldTexts.items).toHaveLength(2);

    const rejected = await silentRunVirtually(
      expectSaga(staffWatchers)
        .withReducer(reducer, refusedRun.storeState)
        .provide([context, [matchers.call.fn(api.postHeldDecision), held(2, { status: 'rejected' })]])
        .call.like({
          fn: api.postHeldDecision,
          args: [services.api.clients, { hold_id: 2, decision: 'reject', reason: '含保本暗示' }],
        })
        .dispatch(heldTextDecided({ holdId: 2, decision: 'reject', reason: '含保本暗示' })),
      30,
    );
    expect(rejected.storeState.staff.lists.heldTexts.items.map((h: PolicyHoldItem) => h.id)).toEqual([1]);
    expect(rejected.storeState.staff.submits['hold:2']).toEqual({ status: 'done', error: null });
  });
});

describe('合规记录', () => {
  it('a new filter reloads from the newest row with it; the next page asks before the last id', async () => {
    const filter = { kind: 'review' as const, adviser_id: 1, from: '2026-11-25', to: '2026-11-26' };
    const filtered = await silentRunVirtually(
      expectSaga(staffWatchers)
        .withReducer(reducer)
        .provide([
          context,
          [matchers.call.fn(api.fetchComplianceEvents), { list: [event(9), event(8)], next_before_id: 8 }],
        ])
        .call.like({ fn: api.fetchComplianceEvents, args: [services.api.clients, { ...filter, limit: PAGE * 2 }] })
        .dispatch(complianceFilterChanged(filter)),
      30,
    );
    expect(filtered.storeState.staff.lists.events).toMatchObject({ status: 'loaded', next: 8 });
    const next = await silentRunVirtually(
      expectSaga(staffWatchers)
        .withReducer(reducer, filtered.storeState)
        .provide([context, [matchers.call.fn(api.fetchComplianceEvents), { list: [event(3)], next_before_id: null }]])
        .call.like({
          fn: api.fetchComplianceEvents,
          args: [services.api.clients, { ...filter, limit: PAGE * 2, before_id: 8 }],
        })
        .dispatch(staffListRequested({ list: 'events', mode: 'more' })),
      30,
    );
    expect(next.storeState.staff.lists.events.items.map((e: ComplianceEvent) => e.id)).toEqual([9, 8, 3]);
  });

  it('exports the applied filter as a CSV file; a refusal shows its reason', async () => {
    const filter = { kind: 'policy_hit' as const };
    const exported = await silentRunVirtually(
      expectSaga(staffWatchers)
        .withReducer(reducer, reducer(undefined, complianceFilterChanged(filter)))
        .provide([
          context,
          [matchers.call.fn(api.fetchComplianceCsv), '\uFEFF时间,类型\r\n'],
          [matchers.call.fn(saveCsv), undefined],
        ])
        .call.like({ fn: api.fetchComplianceCsv, args: [services.api.clients, filter] })
        .call(saveCsv, '\uFEFF时间,类型\r\n', '合规记录-20261126.csv')
        .dispatch(complianceExportRequested()),
      30,
    );
    expect(exported.storeState.staff.exporting).toEqual({ status: 'done', error: null });
    const denied = await silentRunVirtually(
      expectSaga(staffWatchers)
        .withReducer(reducer)
        .provide([context, [matchers.call.fn(api.fetchComplianceCsv), throwError(refused('仅合规专员可以操作'))]])
        .not.call.fn(saveCsv)
        .dispatch(complianceExportRequested()),
      30,
    );
    expect(denied.storeState.staff.exporting).toEqual({ status: 'failed', error: '仅合规专员可以操作' });
  });
});

describe('sign-in first', () => {
  it('a desk opened while the WeCom check runs asks for nothing until it signs in', async () => {
    const checking = reducer(undefined, { type: 'session/sessionCheckRequested', payload: { flow: 'workChat' } });
    expect(checking.session.flows.workChat.status).toBe('checking');
    let fetched = 0;
    const saga = expectSaga(staffWatchers)
      .withReducer(reducer, checking)
      .provide([
        context,
        {
          call: (effect, next) =>
            effect.fn === api.fetchComplianceEvents ? ((fetched += 1), { list: [], next_before_id: null }) : next(),
        },
      ]);
    const run = silentRunVirtually(saga, 80);
    saga.dispatch(staffListRequested({ list: 'events', mode: 'first' }));
    await new Promise((r) => setTimeout(r, 30));
    expect(fetched).toBe(0);
    saga.dispatch(sessionSignedIn({ flow: 'workChat', at: 1 }));
    const { storeState } = (await run) as { storeState: Root };
    expect(fetched).toBe(1);
    expect(storeState.staff.lists.events.status).toBe('loaded');
  });
});
