import { createSlice, type PayloadAction, type WithSlice } from '@reduxjs/toolkit';

import type { ComplianceEvent, ComplianceFilterOptions, ComplianceFilterQuery } from '@/api/contract/compliance-trail';
import type { Adviser, ReviewUser } from '@/api/contract/invitation';
import type { MaterialReviewItem } from '@/api/contract/material-review';
import type { PolicyHoldItem } from '@/api/contract/policy-holds';
import type { StoreExpertQuestion, StoreReviewItem } from '@/api/contract/store';
import { injectSlice } from '@/store';

/** The desks' long lists: the expert's inbox and answers, the reviewer's answers and members, the trail. */
export interface StaffLists {
  inbox: StoreExpertQuestion;
  myAnswers: StoreReviewItem;
  pendingAnswers: StoreReviewItem;
  pendingMembers: ReviewUser;
  /** Confirmed or rejected bindings: final, shown with who may reverse them. */
  decidedMembers: ReviewUser;
  pendingMaterials: MaterialReviewItem;
  /** Texts the content policy held (待合规审核), for a reviewer to release or refuse. */
  heldTexts: PolicyHoldItem;
  events: ComplianceEvent;
}
export type StaffListName = keyof StaffLists;
export type ListMode = 'first' | 'refresh' | 'more';

export interface StaffList<T> {
  status: 'idle' | 'loading' | 'refreshing' | 'loadingMore' | 'loaded' | 'failed';
  items: T[];
  /** The next page's key (cursor, page number or id), null at the end. */
  next: string | number | null;
  error: string | null;
  /** Bumped by each request: an answer for an older one is ignored. */
  requestId: number;
}

/** One submit or decision in flight, by key (`question:12`, `answer:40`, `member:5`). */
export interface Pending {
  status: 'submitting' | 'done' | 'failed';
  error: string | null;
}

export interface StaffState {
  lists: { [N in StaffListName]: StaffList<StaffLists[N]> };
  submits: Record<string, Pending>;
  /** Advisers found for binding one member, by member id. */
  advisers: Record<number, { status: 'searching' | 'found' | 'failed'; list: Adviser[]; error: string | null }>;
  filter: ComplianceFilterQuery;
  filterOptions: {
    status: 'idle' | 'loading' | 'loaded' | 'failed';
    data: ComplianceFilterOptions | null;
    error: string | null;
  };
  exporting: { status: 'idle' | 'exporting' | 'done' | 'failed'; error: string | null };
}

const emptyList = <T>(): StaffList<T> => ({ status: 'idle', items: [], next: null, error: null, requestId: 0 });

export const initialStaffState: StaffState = {
  lists: {
    inbox: emptyList(),
    myAnswers: emptyList(),
    pendingAnswers: emptyList(),
    pendingMembers: emptyList(),
    decidedMembers: emptyList(),
    pendingMaterials: emptyList(),
    heldTexts: emptyList(),
    events: emptyList(),
  },
  submits: {},
  advisers: {},
  filter: {},
  filterOptions: { status: 'idle', data: null, error: null },
  exporting: { status: 'idle', error: null },
};

type AnyList = StaffList<unknown>;
const listOf = (state: StaffState, name: StaffListName) => state.lists[name] as AnyList;
/** A decided item leaves the reviewer's pending list; an expert's saved answer replaces its old copy. */
const withoutAnswer = (list: AnyList, answerId: number) => {
  list.items = (list.items as StoreReviewItem[]).filter((a) => a.answer_id !== answerId);
};

export const staffSlice = createSlice({
  name: 'staff',
  initialState: initialStaffState,
  reducers: {
    staffListRequested(state, { payload }: PayloadAction<{ list: StaffListName; mode: ListMode }>) {
      const list = listOf(state, payload.list);
      if (payload.mode === 'more') {
        // Only from a loaded list with more to come, one page at a time.
        if (list.status !== 'loaded' || list.next === null) return;
        list.status = 'loadingMore';
      } else {
        list.status = payload.mode === 'refresh' && list.items.length ? 'refreshing' : 'loading';
      }
      list.error = null;
      list.requestId += 1;
    },
    staffListLoaded(
      state,
      {
        payload,
      }: PayloadAction<{
        list: StaffListName;
        requestId: number;
        items: unknown[];
        next: string | number | null;
        append: boolean;
      }>,
    ) {
      const list = listOf(state, payload.list);
      if (payload.requestId !== list.requestId) return;
      list.items = payload.append ? [...list.items, ...payload.items] : payload.items;
      list.next = payload.next;
      list.status = 'loaded';
    },
    staffListFailed(state, { payload }: PayloadAction<{ list: StaffListName; requestId: number; message: string }>) {
      const list = listOf(state, payload.list);
      if (payload.requestId !== list.requestId) return;
      // A failed next page keeps what is shown (and its retry); a failed first load is the error state.
      list.status = list.status === 'loadingMore' || list.status === 'refreshing' ? 'loaded' : 'failed';
      list.error = payload.message;
    },

    answerSubmitted(
      state,
      { payload }: PayloadAction<{ questionId: number; answerId?: number; content: string; submit: boolean }>,
    ) {
      const key = `question:${payload.questionId}`;
      if (state.submits[key]?.status === 'submitting') return;
      state.submits[key] = { status: 'submitting', error: null };
    },
    answerSaved(state, { payload }: PayloadAction<{ questionId: number; answer: StoreReviewItem }>) {
      state.submits[`question:${payload.questionId}`] = { status: 'done', error: null };
      const inbox = state.lists.inbox;
      const row = inbox.items.find((q) => q.question.id === payload.questionId);
      if (row) row.my_answer = payload.answer;
      const mine = state.lists.myAnswers;
      mine.items = [payload.answer, ...mine.items.filter((a) => a.answer_id !== payload.answer.answer_id)];
    },
    /** The server's words: a content-policy refusal, a state that moved, a dead session. */
    answerRefused(state, { payload }: PayloadAction<{ questionId: number; message: string }>) {
      state.submits[`question:${payload.questionId}`] = { status: 'failed', error: payload.message };
    },

    answerReviewDecided(
      state,
      { payload }: PayloadAction<{ answerId: number; decision: 'publish' | 'return'; reason?: string }>,
    ) {
      const key = `answer:${payload.answerId}`;
      if (state.submits[key]?.status === 'submitting') return;
      state.submits[key] = { status: 'submitting', error: null };
    },
    answerReviewRecorded(state, { payload }: PayloadAction<{ answerId: number }>) {
      state.submits[`answer:${payload.answerId}`] = { status: 'done', error: null };
      withoutAnswer(listOf(state, 'pendingAnswers'), payload.answerId);
    },

    heldTextDecided(
      state,
      { payload }: PayloadAction<{ holdId: number; decision: 'approve' | 'reject'; reason?: string }>,
    ) {
      const key = `hold:${payload.holdId}`;
      if (state.submits[key]?.status === 'submitting') return;
      state.submits[key] = { status: 'submitting', error: null };
    },
    /** Decided: the text leaves the queue (approved ones are public now, rejected ones show 未通过 to their writer). */
    heldTextRecorded(state, { payload }: PayloadAction<{ holdId: number }>) {
      state.submits[`hold:${payload.holdId}`] = { status: 'done', error: null };
      const list = state.lists.heldTexts;
      list.items = list.items.filter((h) => h.id !== payload.holdId);
    },

    bindingAdvisersSearched(state, { payload }: PayloadAction<{ memberId: number; keyword: string }>) {
      state.advisers[payload.memberId] = {
        status: 'searching',
        list: state.advisers[payload.memberId]?.list ?? [],
        error: null,
      };
    },
    bindingAdvisersFound(state, { payload }: PayloadAction<{ memberId: number; list: Adviser[] }>) {
      state.advisers[payload.memberId] = {
        status: 'found',
        list: payload.list,
        error: payload.list.length ? null : '没有找到理财师',
      };
    },
    bindingAdvisersFailed(state, { payload }: PayloadAction<{ memberId: number; message: string }>) {
      state.advisers[payload.memberId] = { status: 'failed', list: [], error: payload.message };
    },
    memberReviewDecided(
      state,
      {
        payload,
      }: PayloadAction<{
        memberId: number;
        decision: 'bind' | 'approve' | 'reject';
        employeeId?: string;
        note?: string;
      }>,
    ) {
      const key = `member:${payload.memberId}`;
      if (state.submits[key]?.status === 'submitting') return;
      state.submits[key] = { status: 'submitting', error: null };
    },
    /** Bound: the row stays (now to be confirmed); confirmed or rejected: it leaves the pending list. */
    memberReviewRecorded(
      state,
      { payload }: PayloadAction<{ memberId: number; bindState: ReviewUser['bindState']; adviserName?: string | null }>,
    ) {
      state.submits[`member:${payload.memberId}`] = { status: 'done', error: null };
      const list = state.lists.pendingMembers;
      if (payload.bindState === 'bound') {
        const row = list.items.find((m) => m.memberId === payload.memberId);
        if (row) Object.assign(row, { bindState: 'bound', adviserName: payload.adviserName ?? row.adviserName });
        delete state.advisers[payload.memberId];
      } else {
        list.items = list.items.filter((m) => m.memberId !== payload.memberId);
      }
    },
    /** A refused decision (four eyes, no role, a state that moved): the server's reason under the item. */
    reviewDecisionFailed(state, { payload }: PayloadAction<{ key: string; message: string }>) {
      state.submits[payload.key] = { status: 'failed', error: payload.message };
    },

    materialReviewDecided(
      state,
      { payload }: PayloadAction<{ materialId: number; decision: 'approve' | 'return'; comment?: string }>,
    ) {
      const key = `material:${payload.materialId}`;
      if (state.submits[key]?.status === 'submitting') return;
      state.submits[key] = { status: 'submitting', error: null };
    },
    /** Approved or returned: it leaves the queue (a resubmission comes back as a new entry). */
    materialReviewRecorded(state, { payload }: PayloadAction<{ materialId: number }>) {
      state.submits[`material:${payload.materialId}`] = { status: 'done', error: null };
      const list = state.lists.pendingMaterials;
      list.items = list.items.filter((m) => m.material_id !== payload.materialId);
    },
    memberReversalRequested(state, { payload }: PayloadAction<{ memberId: number; reason: string }>) {
      const key = `member:${payload.memberId}`;
      if (state.submits[key]?.status === 'submitting') return;
      state.submits[key] = { status: 'submitting', error: null };
    },
    /** Reversed: the member is back in review, so it leaves the decided list (the pending one reloads). */
    memberReversed(state, { payload }: PayloadAction<{ memberId: number }>) {
      state.submits[`member:${payload.memberId}`] = { status: 'done', error: null };
      const list = state.lists.decidedMembers;
      list.items = list.items.filter((m) => m.memberId !== payload.memberId);
    },

    complianceFilterChanged(state, { payload }: PayloadAction<ComplianceFilterQuery>) {
      state.filter = payload;
    },
    complianceFiltersRequested(state) {
      if (state.filterOptions.status === 'loading' || state.filterOptions.status === 'loaded') return;
      state.filterOptions = { status: 'loading', data: null, error: null };
    },
    complianceFiltersLoaded(state, { payload }: PayloadAction<ComplianceFilterOptions>) {
      state.filterOptions = { status: 'loaded', data: payload, error: null };
    },
    complianceFiltersFailed(state, { payload }: PayloadAction<{ message: string }>) {
      state.filterOptions = { status: 'failed', data: null, error: payload.message };
    },
    complianceExportRequested(state) {
      if (state.exporting.status === 'exporting') return;
      state.exporting = { status: 'exporting', error: null };
    },
    complianceExported(state) {
      state.exporting = { status: 'done', error: null };
    },
    complianceExportFailed(state, { payload }: PayloadAction<{ message: string }>) {
      state.exporting = { status: 'failed', error: payload.message };
    },
  },
});

export const {
  staffListRequested,
  staffListLoaded,
  staffListFailed,
  answerSubmitted,
  answerSaved,
  answerRefused,
  answerReviewDecided,
  answerReviewRecorded,
  heldTextDecided,
  heldTextRecorded,
  bindingAdvisersSearched,
  bindingAdvisersFound,
  bindingAdvisersFailed,
  memberReviewDecided,
  memberReviewRecorded,
  reviewDecisionFailed,
  materialReviewDecided,
  materialReviewRecorded,
  memberReversalRequested,
  memberReversed,
  complianceFilterChanged,
  complianceFiltersRequested,
  complianceFiltersLoaded,
  complianceFiltersFailed,
  complianceExportRequested,
  complianceExported,
  complianceExportFailed,
} = staffSlice.actions;

// Injected from this (lazy) module: the desks' reducer is in no other screen's load.
declare module '@/store/root-reducer' {
  export interface LazyLoadedSlices extends WithSlice<typeof staffSlice> {}
}

export const selectStaff = injectSlice(staffSlice);
