// The staff desks' requests: the expert's inbox and answers and the answer review (live service,
// /api/store/*), the invitation bindings (/mgm-service review/*), and the compliance trail
// (/api/compliance/*), the materials' review (/api/review/materials). One function per endpoint; responses checked by the generated guards.
import { type CancellablePromise, requestData, type ServiceClients } from '@/api';
import type {
  ComplianceEventPage,
  ComplianceEventsQuery,
  ComplianceFilterOptions,
  ComplianceFilterQuery,
} from '@/api/contract/compliance-trail';
import type {
  AdviserList,
  BindResult,
  ConfirmRequest,
  ConfirmResult,
  ReverseRequest,
  ReviewUser,
} from '@/api/contract/invitation';
import type {
  MaterialReviewDecideRequest,
  MaterialReviewDecision,
  MaterialReviewPage,
} from '@/api/contract/material-review';
import type { PolicyHoldDecideRequest, PolicyHoldItem, PolicyHoldList } from '@/api/contract/policy-holds';
import type {
  StoreAnswerSaveRequest,
  StoreExpertQuestionPage,
  StoreReviewDecideRequest,
  StoreReviewItem,
  StoreReviewPage,
} from '@/api/contract/store';
import { isComplianceEventPage, isComplianceFilterOptions } from '@/api/generated/compliance-trail';
import { isAdviserList, isBindResult, isConfirmResult, isReviewUserList } from '@/api/generated/invitation';
import { isMaterialReviewDecision, isMaterialReviewPage } from '@/api/generated/material-review';
import { isPolicyHoldItem, isPolicyHoldList } from '@/api/generated/policy-holds';
import { isStoreExpertQuestionPage, isStoreReviewItem, isStoreReviewPage } from '@/api/generated/store';

type Clients = Pick<ServiceClients, 'liveService' | 'invitation'>;
type Query = Record<string, string | number | undefined>;
export interface ReviewUserPage {
  list: ReviewUser[];
  total: number;
  page: number;
  pageSize: number;
}

const live = <T>(
  c: Clients,
  method: 'GET' | 'POST',
  url: string,
  payload: Query | object,
  check: (v: unknown) => v is T,
): CancellablePromise<T | null> =>
  requestData(
    c.liveService,
    method === 'GET' ? { method, url, params: payload } : { method, url, data: payload },
    check,
  );
const mgm = <T>(c: Clients, url: string, data: object, check: (v: unknown) => v is T): CancellablePromise<T | null> =>
  requestData(c.invitation, { method: 'POST', url, data }, check);

export const fetchExpertQuestions = (c: Clients, q: Query) =>
  live<StoreExpertQuestionPage>(c, 'GET', '/api/store/expert/questions', q, isStoreExpertQuestionPage);
export const fetchExpertAnswers = (c: Clients, q: Query) =>
  live<StoreReviewPage>(c, 'GET', '/api/store/expert/answers', q, isStoreReviewPage);
export const postAnswer = (c: Clients, body: StoreAnswerSaveRequest) =>
  live<StoreReviewItem>(c, 'POST', '/api/store/answer_save', body, isStoreReviewItem);
export const fetchPendingAnswers = (c: Clients, q: Query) =>
  live<StoreReviewPage>(c, 'GET', '/api/store/review/answers', { ...q, state: 'in_review' }, isStoreReviewPage);
export const postAnswerDecision = (c: Clients, body: StoreReviewDecideRequest) =>
  live<StoreReviewItem>(c, 'POST', '/api/store/review/decide', body, isStoreReviewItem);

export const fetchHeldTexts = (c: Clients) =>
  live<PolicyHoldList>(c, 'GET', '/api/store/holds/list', { status: 'held' }, isPolicyHoldList);
export const postHeldDecision = (c: Clients, body: PolicyHoldDecideRequest) =>
  live<PolicyHoldItem>(c, 'POST', '/api/store/holds/decide', body, isPolicyHoldItem);

export const fetchPendingMembers = (c: Clients, page: number, pageSize: number) =>
  mgm<ReviewUserPage>(c, '/review/userList', { page, pageSize, status: 'pending' }, isReviewUserList);
export const queryAdvisers = (c: Clients, keyword: string) =>
  mgm<AdviserList>(c, '/review/queryName', { keyword }, isAdviserList);
export const postBind = (c: Clients, memberId: number, employeeId: string) =>
  mgm<BindResult>(c, '/review/bind', { memberId, employeeId }, isBindResult);
export const postConfirm = (c: Clients, body: ConfirmRequest) =>
  mgm<ConfirmResult>(c, '/review/confirm', body, isConfirmResult);

/** Decided bindings (confirmed or rejected): final, reversible only by a second reviewer. */
export const fetchDecidedMembers = (c: Clients, page: number, pageSize: number) =>
  mgm<ReviewUserPage>(c, '/review/userList', { page, pageSize, status: 'done' }, isReviewUserList);
export const postReverse = (c: Clients, body: ReverseRequest) =>
  mgm<ConfirmResult>(c, '/review/reverse', body, isConfirmResult);

export const fetchPendingMaterials = (c: Clients, q: Query) =>
  live<MaterialReviewPage>(c, 'GET', '/api/review/materials', q, isMaterialReviewPage);
export const postMaterialDecision = (c: Clients, body: MaterialReviewDecideRequest) =>
  live<MaterialReviewDecision>(c, 'POST', '/api/review/materials/decide', body, isMaterialReviewDecision);

export const fetchComplianceEvents = (c: Clients, q: ComplianceEventsQuery) =>
  live<ComplianceEventPage>(c, 'GET', '/api/compliance/events', q, isComplianceEventPage);
export const fetchComplianceFilters = (c: Clients) =>
  live<ComplianceFilterOptions>(c, 'GET', '/api/compliance/filters', {}, isComplianceFilterOptions);

/** The export is a file, not an envelope: the signed client fetches its text (errors still arrive as ApiError). */
export async function fetchComplianceCsv(c: Clients, q: ComplianceFilterQuery): Promise<string> {
  const res = await c.liveService.request<string>({
    method: 'GET',
    url: '/api/compliance/events.csv',
    params: q,
    responseType: 'text',
    transformResponse: (d: unknown) => d,
  });
  if (res.status === 200 && typeof res.data === 'string') return res.data;
  // A refusal comes back as the JSON envelope: its reason is what the officer reads.
  let reason = '';
  try {
    reason = (JSON.parse(String(res.data)) as { error?: { message?: string } }).error?.message ?? '';
  } catch {
    // Not an envelope (offline, a proxy's page): the generic words below.
  }
  throw new Error(reason && /[\u4e00-\u9fff]/.test(reason) ? reason : '导出失败，请稍后重试');
}
