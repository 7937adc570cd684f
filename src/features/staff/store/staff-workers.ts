import type { Action } from '@reduxjs/toolkit';
import { all, call, fork, getContext, put, select, takeEvery, takeLatest, takeLeading } from 'redux-saga/effects';

import * as api from '../api';
import { saveCsv } from '../download';
import {
  answerRefused,
  answerReviewDecided,
  answerReviewRecorded,
  answerSaved,
  answerSubmitted,
  bindingAdvisersFailed,
  bindingAdvisersFound,
  bindingAdvisersSearched,
  complianceExported,
  complianceExportFailed,
  complianceExportRequested,
  complianceFilterChanged,
  complianceFiltersFailed,
  complianceFiltersLoaded,
  complianceFiltersRequested,
  heldTextDecided,
  heldTextRecorded,
  materialReviewDecided,
  materialReviewRecorded,
  memberReversalRequested,
  memberReversed,
  memberReviewDecided,
  memberReviewRecorded,
  reviewDecisionFailed,
  staffListFailed,
  staffListLoaded,
  type StaffListName,
  staffListRequested,
} from './staff-slice';
import { selectStaff } from './staff-slice';

import { apiErrorInfo, isApiError, isSessionInvalid } from '@/api';
import type { ComplianceFilterOptions } from '@/api/contract/compliance-trail';
import { businessDate } from '@/api/contract/dates';
import type { AdviserList, BindResult, ConfirmResult } from '@/api/contract/invitation';
import type { MaterialReviewDecision } from '@/api/contract/material-review';
import type { PolicyHoldItem } from '@/api/contract/policy-holds';
import type { StoreReviewItem } from '@/api/contract/store';
import { sessionSettled } from '@/features/session';
import { type RootState, type SagaServices, sessionInvalidated } from '@/store';

type Clients = SagaServices['api']['clients'];
export const PAGE = 10;
const NO_ANSWER = '网络异常，请稍后重试';

function* clients() {
  const services: SagaServices = yield getContext('services');
  return services.api.clients;
}

const HAS_CJK = /[\u4e00-\u9fff]/;

/**
 * The server's words for the screen: a refusal's reason (the four-eyes rule, the content policy, a
 * missing role) is what the person must read, so it wins over the generic words for its code (a 403
 * would otherwise say only 暂无权限访问). A dead session also goes to sign-in.
 */
export function* failureMessage(error: unknown) {
  if (!isApiError(error) && error instanceof Error && error.message) return error.message;
  const info = apiErrorInfo(error);
  if (isSessionInvalid(error)) {
    yield put(sessionInvalidated({ code: info.code }));
    return info.message;
  }
  if (isApiError(error) && error.kind === 'business' && HAS_CJK.test(error.detail)) return error.detail;
  return info.message || NO_ANSWER;
}

interface Page {
  items: unknown[];
  next: string | number | null;
}

/** One page of a list: the cursor (or page number, or id) comes from the list's state. */
function* fetchPage(name: StaffListName, c: Clients, next: string | number | null) {
  const cursor = typeof next === 'string' ? { cursor: next } : {};
  switch (name) {
    case 'inbox': {
      const p: Awaited<ReturnType<typeof api.fetchExpertQuestions>> = yield call(api.fetchExpertQuestions, c, {
        limit: PAGE,
        ...cursor,
      });
      return p && ({ items: p.list, next: p.next_cursor } satisfies Page);
    }
    case 'myAnswers': {
      const p: Awaited<ReturnType<typeof api.fetchExpertAnswers>> = yield call(api.fetchExpertAnswers, c, {
        limit: PAGE,
        ...cursor,
      });
      return p && ({ items: p.list, next: p.next_cursor } satisfies Page);
    }
    case 'pendingAnswers': {
      const p: Awaited<ReturnType<typeof api.fetchPendingAnswers>> = yield call(api.fetchPendingAnswers, c, {
        limit: PAGE,
        ...cursor,
      });
      return p && ({ items: p.list, next: p.next_cursor } satisfies Page);
    }
    case 'pendingMembers': {
      const page = typeof next === 'number' ? next : 1;
      const p: Awaited<ReturnType<typeof api.fetchPendingMembers>> = yield call(api.fetchPendingMembers, c, page, PAGE);
      return p && ({ items: p.list, next: p.page * p.pageSize < p.total ? p.page + 1 : null } satisfies Page);
    }
    case 'decidedMembers': {
      const page = typeof next === 'number' ? next : 1;
      const p: Awaited<ReturnType<typeof api.fetchDecidedMembers>> = yield call(api.fetchDecidedMembers, c, page, PAGE);
      return p && ({ items: p.list, next: p.page * p.pageSize < p.total ? p.page + 1 : null } satisfies Page);
    }
    case 'pendingMaterials': {
      const p: Awaited<ReturnType<typeof api.fetchPendingMaterials>> = yield call(api.fetchPendingMaterials, c, {
        limit: PAGE,
        ...cursor,
      });
      return p && ({ items: p.list, next: p.next_cursor } satisfies Page);
    }
    case 'heldTexts': {
      const p: Awaited<ReturnType<typeof api.fetchHeldTexts>> = yield call(api.fetchHeldTexts, c);
      return p && ({ items: p.list, next: null } satisfies Page);
    }
    case 'events': {
      const { filter } = (yield select(selectStaff)) as ReturnType<typeof selectStaff>;
      const p: Awaited<ReturnType<typeof api.fetchComplianceEvents>> = yield call(api.fetchComplianceEvents, c, {
        ...filter,
        limit: PAGE * 2,
        ...(typeof next === 'number' ? { before_id: next } : {}),
      });
      return p && ({ items: p.list, next: p.next_before_id } satisfies Page);
    }
  }
}

export function* loadList(action: ReturnType<typeof staffListRequested>) {
  const { list: name, mode } = action.payload;
  const list = ((yield select(selectStaff)) as ReturnType<typeof selectStaff>).lists[name];
  // The reducer refused a next page (none, or one already coming): nothing to fetch.
  if (mode === 'more' && list.status !== 'loadingMore') return;
  yield call(sessionSettled);
  const c: Clients = yield call(clients);
  try {
    const page: Page | null = yield call(fetchPage, name, c, mode === 'more' ? list.next : null);
    if (!page) throw new Error('网络异常，请下拉重试');
    yield put(
      staffListLoaded({
        list: name,
        requestId: list.requestId,
        items: page.items,
        next: page.next,
        append: mode === 'more',
      }),
    );
  } catch (error) {
    const message: string = yield call(failureMessage, error);
    yield put(staffListFailed({ list: name, requestId: list.requestId, message }));
  }
}

export function* submitAnswer(action: ReturnType<typeof answerSubmitted>) {
  const { questionId, answerId, content, submit } = action.payload;
  const c: Clients = yield call(clients);
  try {
    const answer: StoreReviewItem | null = yield call(api.postAnswer, c, {
      question_id: questionId,
      ...(answerId ? { answer_id: answerId } : {}),
      content,
      submit,
    });
    if (!answer) throw new Error(NO_ANSWER);
    yield put(answerSaved({ questionId, answer }));
  } catch (error) {
    const message: string = yield call(failureMessage, error);
    yield put(answerRefused({ questionId, message }));
  }
}

export function* decideAnswer(action: ReturnType<typeof answerReviewDecided>) {
  const { answerId, decision, reason } = action.payload;
  const c: Clients = yield call(clients);
  try {
    const done: StoreReviewItem | null = yield call(api.postAnswerDecision, c, {
      answer_id: answerId,
      decision,
      ...(reason ? { reason } : {}),
    });
    if (!done) throw new Error(NO_ANSWER);
    yield put(answerReviewRecorded({ answerId }));
  } catch (error) {
    const message: string = yield call(failureMessage, error);
    yield put(reviewDecisionFailed({ key: `answer:${answerId}`, message }));
  }
}

export function* decideHeldText(action: ReturnType<typeof heldTextDecided>) {
  const { holdId, decision, reason } = action.payload;
  const c: Clients = yield call(clients);
  try {
    const done: PolicyHoldItem | null = yield call(api.postHeldDecision, c, {
      hold_id: holdId,
      decision,
      ...(reason ? { reason } : {}),
    });
    if (!done) throw new Error(NO_ANSWER);
    yield put(heldTextRecorded({ holdId }));
  } catch (error) {
    const message: string = yield call(failureMessage, error);
    yield put(reviewDecisionFailed({ key: `hold:${holdId}`, message }));
  }
}

export function* searchAdvisers(action: ReturnType<typeof bindingAdvisersSearched>) {
  const { memberId, keyword } = action.payload;
  const c: Clients = yield call(clients);
  try {
    const found: AdviserList | null = yield call(api.queryAdvisers, c, keyword);
    if (!found) throw new Error(NO_ANSWER);
    yield put(bindingAdvisersFound({ memberId, list: found.list }));
  } catch (error) {
    const message: string = yield call(failureMessage, error);
    yield put(bindingAdvisersFailed({ memberId, message }));
  }
}

export function* decideMember(action: ReturnType<typeof memberReviewDecided>) {
  const { memberId, decision, employeeId, note } = action.payload;
  const c: Clients = yield call(clients);
  try {
    if (decision === 'bind') {
      const bound: BindResult | null = yield call(api.postBind, c, memberId, employeeId ?? '');
      if (!bound) throw new Error(NO_ANSWER);
      yield put(memberReviewRecorded({ memberId, bindState: bound.bindState, adviserName: bound.adviserName }));
    } else {
      const done: ConfirmResult | null = yield call(api.postConfirm, c, {
        memberId,
        decision,
        ...(note ? { note } : {}),
      });
      if (!done) throw new Error(NO_ANSWER);
      yield put(memberReviewRecorded({ memberId, bindState: done.bindState }));
    }
  } catch (error) {
    const message: string = yield call(failureMessage, error);
    yield put(reviewDecisionFailed({ key: `member:${memberId}`, message }));
  }
}

export function* decideMaterial(action: ReturnType<typeof materialReviewDecided>) {
  const { materialId, decision, comment } = action.payload;
  const c: Clients = yield call(clients);
  try {
    const done: MaterialReviewDecision | null = yield call(api.postMaterialDecision, c, {
      material_id: materialId,
      decision,
      ...(comment ? { comment } : {}),
    });
    if (!done) throw new Error(NO_ANSWER);
    yield put(materialReviewRecorded({ materialId }));
  } catch (error) {
    const message: string = yield call(failureMessage, error);
    yield put(reviewDecisionFailed({ key: `material:${materialId}`, message }));
  }
}

/** A second reviewer's reversal: the member goes back into review, so the pending list reloads. */
export function* reverseMember(action: ReturnType<typeof memberReversalRequested>) {
  const { memberId, reason } = action.payload;
  const c: Clients = yield call(clients);
  try {
    const done: ConfirmResult | null = yield call(api.postReverse, c, { memberId, reason });
    if (!done) throw new Error(NO_ANSWER);
    yield put(memberReversed({ memberId }));
    yield put(staffListRequested({ list: 'pendingMembers', mode: 'refresh' }));
  } catch (error) {
    const message: string = yield call(failureMessage, error);
    yield put(reviewDecisionFailed({ key: `member:${memberId}`, message }));
  }
}

export function* loadFilterOptions() {
  const staff: ReturnType<typeof selectStaff> = yield select(selectStaff);
  if (staff.filterOptions.status !== 'loading') return;
  yield call(sessionSettled);
  const c: Clients = yield call(clients);
  try {
    const options: ComplianceFilterOptions | null = yield call(api.fetchComplianceFilters, c);
    if (!options) throw new Error(NO_ANSWER);
    yield put(complianceFiltersLoaded(options));
  } catch (error) {
    const message: string = yield call(failureMessage, error);
    yield put(complianceFiltersFailed({ message }));
  }
}

/** A new filter reloads the trail from its newest row. */
export function* reloadEvents() {
  yield put(staffListRequested({ list: 'events', mode: 'first' }));
}

export function* exportCsv() {
  const staff: ReturnType<typeof selectStaff> = yield select((s: RootState) => selectStaff(s));
  const services: SagaServices = yield getContext('services');
  const c: Clients = yield call(clients);
  try {
    const csv: string = yield call(api.fetchComplianceCsv, c, staff.filter);
    const day = businessDate(services.now()).replace(/-/g, '');
    yield call(saveCsv, csv, `合规记录-${day}.csv`);
    yield put(complianceExported());
  } catch (error) {
    const message: string = yield call(failureMessage, error);
    yield put(complianceExportFailed({ message }));
  }
}

export function* staffWatchers() {
  yield all([
    takeEvery(staffListRequested.type, loadList),
    takeLeading(answerSubmitted.type, submitAnswer),
    takeEvery(answerReviewDecided.type, decideAnswer),
    takeEvery(heldTextDecided.type, decideHeldText),
    takeLatest(bindingAdvisersSearched.type, searchAdvisers),
    takeEvery(memberReviewDecided.type, decideMember),
    takeEvery(materialReviewDecided.type, decideMaterial),
    takeEvery(memberReversalRequested.type, reverseMember),
    takeLeading(complianceFiltersRequested.type, loadFilterOptions),
    takeLatest(complianceFilterChanged.type, reloadEvents),
    takeLeading(complianceExportRequested.type, exportCsv),
  ]);
}

/** The desks' watchers, then the events that came while this chunk loaded. */
export function* runStaff(early: Action[]) {
  yield fork(staffWatchers);
  yield all(early.map((a) => put(a)));
}
