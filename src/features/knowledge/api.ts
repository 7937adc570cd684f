// The store's requests (live service, /api/store/*): one function per endpoint. Response checks
// are the generated guards; the contract gives types only (TypeBox stays out of the bundle).
import { type CancellablePromise, requestData, type ServiceClients } from '@/api';
import type {
  StoreArticle,
  StoreArticlePage,
  StoreCoreMember,
  StoreExpertPage,
  StoreFollow,
  StoreFollowRequest,
  StoreFundDetail,
  StoreIndex,
  StorePrivateContract,
  StoreProductPage,
  StoreQaDetail,
  StoreQualification,
  StoreQualifiedConfirmRequest,
  StoreQualifiedDeclineRequest,
  StoreQuestion,
  StoreQuestionPage,
  StoreQuestionRequest,
  StoreReviewDecideRequest,
  StoreReviewItem,
  StoreReviewPage,
  StoreReviewRole,
  StoreThumbsUp,
  StoreThumbsUpRequest,
} from '@/api/contract/store';
import {
  isStoreArticle,
  isStoreArticlePage,
  isStoreCoreMember,
  isStoreExpertPage,
  isStoreFollow,
  isStoreFundDetail,
  isStoreIndex,
  isStorePrivateContract,
  isStoreProductPage,
  isStoreQaDetail,
  isStoreQualification,
  isStoreQualifiedDeclined,
  isStoreQuestion,
  isStoreQuestionPage,
  isStoreReviewItem,
  isStoreReviewPage,
  isStoreReviewRole,
  isStoreThumbsUp,
} from '@/api/generated/store';

type Clients = Pick<ServiceClients, 'liveService'>;
type Query = Record<string, string | number | undefined>;
const get = <T>(c: Clients, url: string, params: Query, check: (v: unknown) => v is T): CancellablePromise<T | null> =>
  requestData(c.liveService, { method: 'GET', url: `/api/store/${url}`, params }, check);
const post = <T>(c: Clients, url: string, data: unknown, check: (v: unknown) => v is T): CancellablePromise<T | null> =>
  requestData(c.liveService, { method: 'POST', url: `/api/store/${url}`, data }, check);

export const fetchStoreIndex = (c: Clients) => get<StoreIndex>(c, 'index', {}, isStoreIndex);
export const fetchTopList = (c: Clients, q: Query) => get<StoreArticlePage>(c, 'top_list', q, isStoreArticlePage);
export const fetchExpertList = (c: Clients, q: Query) => get<StoreExpertPage>(c, 'expert_list', q, isStoreExpertPage);
export const fetchNewsList = (c: Clients, q: Query) => get<StoreArticlePage>(c, 'news_list', q, isStoreArticlePage);
export const fetchProductList = (c: Clients, q: Query) =>
  get<StoreProductPage>(c, 'product_list', q, isStoreProductPage);
export const fetchQaList = (c: Clients, q: Query) => get<StoreQuestionPage>(c, 'qa_list', q, isStoreQuestionPage);
export const fetchFollowedViews = (c: Clients, q: Query) =>
  get<StoreArticlePage>(c, 'followed_views', q, isStoreArticlePage);
export const fetchMyQuestionList = (c: Clients, q: Query) =>
  get<StoreQuestionPage>(c, 'my_question_list', q, isStoreQuestionPage);
export const fetchReviewList = (c: Clients, q: Query) =>
  get<StoreReviewPage>(c, 'review/answers', q, isStoreReviewPage);
export const fetchArticle = (c: Clients, articleId: number) =>
  get<StoreArticle>(c, 'article_detail', { article_id: articleId }, isStoreArticle);
export const fetchQaDetail = (c: Clients, questionId: number) =>
  get<StoreQaDetail>(c, 'qa_detail', { question_id: questionId }, isStoreQaDetail);
export const fetchCoreMember = (c: Clients, memberId: number) =>
  get<StoreCoreMember>(c, 'core_member', { member_id: memberId }, isStoreCoreMember);
export const fetchFundDetail = (c: Clients, productId: number) =>
  get<StoreFundDetail>(c, 'product_detail', { product_id: productId }, isStoreFundDetail);
export const fetchPrivateContract = (c: Clients, productId: number) =>
  get<StorePrivateContract>(c, 'private_contract', { product_id: productId }, isStorePrivateContract);
export const fetchReviewRole = (c: Clients) => get<StoreReviewRole>(c, 'review/role', {}, isStoreReviewRole);
export const postQuestion = (c: Clients, body: StoreQuestionRequest) =>
  post<StoreQuestion>(c, 'store_question', body, isStoreQuestion);
export const postThumbsUp = (c: Clients, body: StoreThumbsUpRequest) =>
  post<StoreThumbsUp>(c, 'thumbs_up', body, isStoreThumbsUp);
export const postFollow = (c: Clients, body: StoreFollowRequest) => post<StoreFollow>(c, 'follow', body, isStoreFollow);
export const postQualifiedConfirm = (c: Clients, body: StoreQualifiedConfirmRequest) =>
  post<StoreQualification>(c, 'qualified_confirm', body, isStoreQualification);
export const postQualifiedDecline = (c: Clients, body: StoreQualifiedDeclineRequest) =>
  post<{ recorded: boolean }>(c, 'qualified_decline', body, isStoreQualifiedDeclined);
export const postReviewDecision = (c: Clients, body: StoreReviewDecideRequest) =>
  post<StoreReviewItem>(c, 'review/decide', body, isStoreReviewItem);

/** The paged lists a screen can ask for, by name (the saga maps a list key's kind to its call). */
export const LIST_FETCHERS = {
  top: fetchTopList,
  experts: fetchExpertList,
  news: fetchNewsList,
  followed: fetchFollowedViews,
  products: fetchProductList,
  qa: fetchQaList,
  mine: fetchMyQuestionList,
  review: fetchReviewList,
} as const;
export type ListKind = keyof typeof LIST_FETCHERS;
