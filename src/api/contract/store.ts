import { type Static, type TLiteral, type TSchema, type TUnion, Type } from '@sinclair/typebox';

import { Envelope } from './envelope';
import { Id } from './id';
import { NullableHoldMark } from './policy-holds';
import { PRODUCT_RISK_LEVELS } from './product-risk-constants';
import {
  ANSWER_MAX_LENGTH,
  ANSWER_STATES,
  LIKE_ITEM_TYPES,
  QUALIFICATION_BASES,
  QUESTION_MAX_LENGTH,
  QUESTION_STATES,
  RETURN_REASON_MAX_LENGTH,
  RISK_MATCH_STATES,
  STORE_PAGE_MAX,
} from './store-constants';

/**
 * The knowledge store on the live service, /api/store/* (docs/rules/services.md#live-service). Every list pages by an
 * opaque cursor (`next_cursor` null at the end). Plain rules are in store-constants.ts.
 */

/** Any text: bounded, and never a NUL byte (PostgreSQL cannot store one). */
const Text = (maxLength: number, minLength = 0) => Type.String({ minLength, maxLength, pattern: '^[^\\u0000]*$' });
type Literals<T extends readonly string[]> = { -readonly [K in keyof T]: TLiteral<T[K]> };
const Lit = <const T extends readonly string[]>(values: T) =>
  Type.Union(values.map((v) => Type.Literal(v))) as unknown as TUnion<Literals<T> & TSchema[]>;

export const StorePageQuery = Type.Object(
  {
    cursor: Type.Optional(Type.String({ maxLength: 64, pattern: '^[0-9_]*$' })),
    limit: Type.Optional(Type.Integer({ minimum: 1, maximum: STORE_PAGE_MAX })),
  },
  { additionalProperties: false },
);
export type StorePageQuery = Static<typeof StorePageQuery>;

const Page = <T extends TSchema>(item: T) =>
  Type.Object({ list: Type.Array(item), next_cursor: Type.Union([Type.String(), Type.Null()]) });

export const StoreExpert = Type.Object({
  id: Type.Integer(),
  kind: Lit(['expert', 'core'] as const),
  name: Type.String(),
  avatar: Type.String(),
  title: Type.String(),
  organization: Type.String(),
  /** 从业资格编号, verified against the industry register. */
  certificate_no: Type.String(),
  bio: Type.String(),
  tags: Type.Array(Type.String()),
  article_count: Type.Integer({ minimum: 0 }),
  followers: Type.Integer({ minimum: 0 }),
  /** Whether the reader follows this expert (false for an anonymous reader). */
  followed: Type.Boolean(),
});
export type StoreExpert = Static<typeof StoreExpert>;

export const StoreArticle = Type.Object({
  id: Type.Integer(),
  kind: Lit(['news', 'view'] as const),
  title: Type.String(),
  summary: Type.String(),
  cover: Type.String(),
  /** Rich HTML as written: the client sanitizes before rendering. */
  content_html: Type.String(),
  source: Type.String(),
  author: Type.Union([
    Type.Object({ id: Type.Integer(), name: Type.String(), certificate_no: Type.String() }),
    Type.Null(),
  ]),
  published_at: Type.Integer({ description: 'epoch ms' }),
  likes: Type.Integer({ minimum: 0 }),
  liked: Type.Boolean(),
  is_top: Type.Boolean(),
});
export type StoreArticle = Static<typeof StoreArticle>;

export const StoreProduct = Type.Object({
  id: Type.Integer(),
  kind: Lit(['public', 'private'] as const),
  code: Type.String(),
  name: Type.String(),
  category: Type.String(),
  /** The product master's level (mkt_products, by code), never the store's own copy. */
  risk_level: Lit(PRODUCT_RISK_LEVELS),
  /** Null for a private fund unless the reader is a confirmed qualified investor (performance is promotion). */
  latest_nav: Type.Union([Type.Number(), Type.Null()]),
  nav_date: Type.Integer({ description: 'epoch ms' }),
  one_year_return: Type.Union([Type.Number({ description: 'percent' }), Type.Null()]),
  /**
   * A money fund's latest 7-day annualised yield in percent (its NAV stays 1.0000, so its return is shown this
   * way, from the product master's daily figures); null for any other fund.
   */
  yield_7d: Type.Union([Type.Number(), Type.Null()]),
  min_purchase: Type.Integer({ description: 'yuan' }),
  highlight: Type.String(),
});
export type StoreProduct = Static<typeof StoreProduct>;

export const StoreAnswer = Type.Object({
  id: Type.Integer(),
  content: Type.String(),
  expert: Type.Object({
    id: Type.Integer(),
    name: Type.String(),
    avatar: Type.String(),
    title: Type.String(),
    certificate_no: Type.String(),
  }),
  published_at: Type.Integer(),
  likes: Type.Integer({ minimum: 0 }),
  liked: Type.Boolean(),
});
export type StoreAnswer = Static<typeof StoreAnswer>;

export const StoreQuestion = Type.Object({
  id: Type.Integer(),
  content: Type.String(),
  asker: Type.String({ description: 'masked name' }),
  asked_at: Type.Integer(),
  state: Lit(QUESTION_STATES),
  parent_id: Type.Union([Type.Integer(), Type.Null()]),
  answer_count: Type.Integer({ minimum: 0 }),
  /** The first published answer, shortened, for lists. */
  top_answer: Type.Union([Type.Object({ expert_name: Type.String(), excerpt: Type.String() }), Type.Null()]),
  /** Only its asker ever reads a held or rejected question (待合规审核 / 未通过): null for everyone else's. */
  hold: NullableHoldMark,
});
export type StoreQuestion = Static<typeof StoreQuestion>;

export const StoreIndex = Type.Object({
  top: Type.Array(StoreArticle),
  experts: Type.Array(StoreExpert),
  news: Type.Array(StoreArticle),
  products: Type.Array(StoreProduct),
  questions: Type.Array(StoreQuestion),
});
export type StoreIndex = Static<typeof StoreIndex>;
export const StoreIndexResponse = Envelope(StoreIndex);

export const StoreArticlePage = Page(StoreArticle);
export type StoreArticlePage = Static<typeof StoreArticlePage>;
export const StoreArticlePageResponse = Envelope(StoreArticlePage);
export const StoreExpertPage = Page(StoreExpert);
export type StoreExpertPage = Static<typeof StoreExpertPage>;
export const StoreExpertPageResponse = Envelope(StoreExpertPage);
export const StoreProductPage = Page(StoreProduct);
export type StoreProductPage = Static<typeof StoreProductPage>;
export const StoreProductPageResponse = Envelope(StoreProductPage);
export const StoreQuestionPage = Page(StoreQuestion);
export type StoreQuestionPage = Static<typeof StoreQuestionPage>;
export const StoreQuestionPageResponse = Envelope(StoreQuestionPage);

/** GET article_detail: one article by id, readable by anyone (the store home's cards open it). */
export const StoreArticleDetailQuery = Type.Object({ article_id: Id }, { additionalProperties: false });
export const StoreArticleResponse = Envelope(StoreArticle);

/** GET top_list: the pinned and most-liked articles. */
export const StoreTopListQuery = StorePageQuery;
/** GET expert_list: experts, or core members with kind=core. */
export const StoreExpertListQuery = Type.Composite(
  // followed: the experts the reader follows (我的关注); nobody's for a reader with no token.
  [StorePageQuery, Type.Object({ kind: Type.Optional(Lit(['expert', 'core', 'followed'] as const)) })],
  {
    additionalProperties: false,
  },
);
export type StoreExpertListQuery = Static<typeof StoreExpertListQuery>;
/** GET news_list: news, or institution views (kind=view); by one author with author_id. */
export const StoreNewsListQuery = Type.Composite(
  [StorePageQuery, Type.Object({ kind: Type.Optional(Lit(['news', 'view'] as const)), author_id: Type.Optional(Id) })],
  { additionalProperties: false },
);
export type StoreNewsListQuery = Static<typeof StoreNewsListQuery>;
export const StoreProductListQuery = Type.Composite(
  [StorePageQuery, Type.Object({ kind: Type.Optional(Lit(['public', 'private'] as const)) })],
  {
    additionalProperties: false,
  },
);
export type StoreProductListQuery = Static<typeof StoreProductListQuery>;
export const StoreQaListQuery = StorePageQuery;
export const StoreMyQuestionListQuery = StorePageQuery;

/** GET qa_detail: a published question (or one of mine) with its published answers and follow-ups. */
export const StoreQaDetailQuery = Type.Object({ question_id: Id }, { additionalProperties: false });
export const StoreQaDetail = Type.Object({
  question: StoreQuestion,
  mine: Type.Boolean(),
  answers: Type.Array(StoreAnswer),
  follow_ups: Type.Array(StoreQuestion),
});
export type StoreQaDetail = Static<typeof StoreQaDetail>;
export const StoreQaDetailResponse = Envelope(StoreQaDetail);

/** GET core_member {member_id}: an investment figure with his or her latest views. */
export const StoreCoreMemberQuery = Type.Object({ member_id: Id }, { additionalProperties: false });
export const StoreCoreMember = Type.Object({ member: StoreExpert, views: Type.Array(StoreArticle) });
export type StoreCoreMember = Static<typeof StoreCoreMember>;
export const StoreCoreMemberResponse = Envelope(StoreCoreMember);

/** POST sign_login: the signed-in user binds a phone by SMS code (the user is the token's). */
export const StoreSignLoginRequest = Type.Object(
  { region: Type.String({ maxLength: 4, pattern: '^[0-9]{1,4}$' }), phone: Text(1024, 1), code: Text(1024, 1) },
  { additionalProperties: false },
);
export type StoreSignLoginRequest = Static<typeof StoreSignLoginRequest>;
export const StoreSignLogin = Type.Object({ signed: Type.Literal(true), phone_masked: Type.String() });
export type StoreSignLogin = Static<typeof StoreSignLogin>;
export const StoreSignLoginResponse = Envelope(StoreSignLogin);

/** POST store_question: a customer's question (or a follow-up with parent_id). */
export const StoreQuestionRequest = Type.Object(
  { content: Text(QUESTION_MAX_LENGTH * 2), parent_id: Type.Optional(Id) },
  { additionalProperties: false },
);
export type StoreQuestionRequest = Static<typeof StoreQuestionRequest>;
export const StoreQuestionResponse = Envelope(StoreQuestion);

/**
 * POST thumbs_up: set (liked true) or clear (false) the caller's one like. Naming the wanted
 * state makes a double tap or a retried request count once.
 */
export const StoreThumbsUpRequest = Type.Object(
  { item_type: Lit(LIKE_ITEM_TYPES), item_id: Id, liked: Type.Boolean() },
  { additionalProperties: false },
);
export type StoreThumbsUpRequest = Static<typeof StoreThumbsUpRequest>;
export const StoreThumbsUp = Type.Object({
  item_type: Lit(LIKE_ITEM_TYPES),
  item_id: Type.Integer(),
  liked: Type.Boolean(),
  likes: Type.Integer({ minimum: 0 }),
});
export type StoreThumbsUp = Static<typeof StoreThumbsUp>;
export const StoreThumbsUpResponse = Envelope(StoreThumbsUp);

/**
 * POST follow: the caller follows (followed true) or stops following (false) one expert or core
 * member. Naming the wanted state makes a double tap or a retried request count once.
 */
export const StoreFollowRequest = Type.Object(
  { expert_id: Id, followed: Type.Boolean() },
  { additionalProperties: false },
);
export type StoreFollowRequest = Static<typeof StoreFollowRequest>;
export const StoreFollow = Type.Object({
  expert_id: Type.Integer(),
  followed: Type.Boolean(),
  followers: Type.Integer({ minimum: 0 }),
});
export type StoreFollow = Static<typeof StoreFollow>;
export const StoreFollowResponse = Envelope(StoreFollow);
/** GET followed_views: the views of the experts the caller follows, newest first. */
export const StoreFollowedViewsQuery = StorePageQuery;

/** GET product_detail: a fund with its daily NAV history, fees, manager and disclosures. */
export const StoreProductDetailQuery = Type.Object({ product_id: Id }, { additionalProperties: false });
export const StoreFundDetail = Type.Object({
  product: StoreProduct,
  launch_date: Type.Integer(),
  manager: Type.Object({ name: Type.String(), years: Type.Integer(), certificate_no: Type.String() }),
  fees: Type.Array(Type.Object({ name: Type.String(), rate: Type.String() })),
  /** [epoch ms, NAV], oldest first. Empty for a private fund until the reader is confirmed qualified. */
  nav: Type.Array(Type.Tuple([Type.Integer(), Type.Number()])),
  benchmark: Type.Object({ name: Type.String(), points: Type.Array(Type.Tuple([Type.Integer(), Type.Number()])) }),
  disclosures: Type.Array(Type.String()),
});
export type StoreFundDetail = Static<typeof StoreFundDetail>;
export const StoreFundDetailResponse = Envelope(StoreFundDetail);

/** Qualified-investor confirmation, per user and dated, with the basis and the amount declared (yuan). */
export const StoreQualification = Type.Object({
  confirmed: Type.Boolean(),
  confirmed_at: Type.Union([Type.Integer(), Type.Null()]),
  basis: Type.Union([Lit(QUALIFICATION_BASES), Type.Null()]),
  declared_amount: Type.Union([Type.Integer(), Type.Null()]),
});
export type StoreQualification = Static<typeof StoreQualification>;
export const StoreQualificationResponse = Envelope(StoreQualification);
/**
 * The reader's declaration: which test they meet and the amount (yuan). The server holds it against the
 * rule (financial assets >= 3,000,000, or three-year average income >= 500,000) before recording it.
 */
export const StoreQualifiedConfirmRequest = Type.Object(
  {
    basis: Lit(QUALIFICATION_BASES),
    amount: Type.Integer({ minimum: 0, maximum: 1_000_000_000_000 }),
    risk_acknowledged: Type.Literal(true),
    product_id: Id,
  },
  { additionalProperties: false },
);
export type StoreQualifiedConfirmRequest = Static<typeof StoreQualifiedConfirmRequest>;
/** "我不符合": the reader leaves; the exit is recorded like a confirmation. */
export const StoreQualifiedDeclineRequest = Type.Object({ product_id: Id }, { additionalProperties: false });
export type StoreQualifiedDeclineRequest = Static<typeof StoreQualifiedDeclineRequest>;
export const StoreQualifiedDeclined = Type.Object({ recorded: Type.Boolean() });
export const StoreQualifiedDeclineResponse = Envelope(StoreQualifiedDeclined);

/** The reader's assessed risk level against the product's (from the product master), checked by the server. */
export const StoreRiskMatch = Type.Object({
  status: Lit(RISK_MATCH_STATES),
  customer_level: Type.Union([Type.String(), Type.Null()]),
  /** Epoch ms; null when not assessed. */
  expires_at: Type.Union([Type.Integer(), Type.Null()]),
  product_level: Lit(PRODUCT_RISK_LEVELS),
  /** Why not, and what to do (how to take the assessment), in the reader's words; empty when matched. */
  message: Type.String(),
});
export type StoreRiskMatch = Static<typeof StoreRiskMatch>;

/** GET private_contract: the contract text, only once the caller is confirmed (else contract null). */
export const StorePrivateContractQuery = Type.Object({ product_id: Id }, { additionalProperties: false });
export const StorePrivateContract = Type.Object({
  product: StoreProduct,
  qualification: StoreQualification,
  risk_match: StoreRiskMatch,
  contract: Type.Union([
    Type.Object({
      title: Type.String(),
      sections: Type.Array(Type.Object({ heading: Type.String(), body: Type.String() })),
      cooling_off_hours: Type.Integer(),
    }),
    Type.Null(),
  ]),
});
export type StorePrivateContract = Static<typeof StorePrivateContract>;
export const StorePrivateContractResponse = Envelope(StorePrivateContract);

// ---- Answers and the compliance review (staff) ----

export const StoreReviewDecisionRecord = Type.Object({
  from_state: Lit(ANSWER_STATES),
  to_state: Lit(ANSWER_STATES),
  reason: Type.Union([Type.String(), Type.Null()]),
  by: Type.String(),
  at: Type.Integer(),
});
export type StoreReviewDecisionRecord = Static<typeof StoreReviewDecisionRecord>;

export const StoreReviewItem = Type.Object({
  answer_id: Type.Integer(),
  state: Lit(ANSWER_STATES),
  content: Type.String(),
  return_reason: Type.Union([Type.String(), Type.Null()]),
  updated_at: Type.Integer(),
  expert: Type.Object({ id: Type.Integer(), name: Type.String(), certificate_no: Type.String() }),
  question: Type.Object({ id: Type.Integer(), content: Type.String() }),
  history: Type.Array(StoreReviewDecisionRecord),
  /** On the review list only: why the signed-in reviewer may not decide it (four eyes: the author), or null. */
  four_eyes: Type.Optional(Type.Union([Type.String(), Type.Null()])),
  /** The content policy held this answer (待合规审核): publishing it is the reviewer's approval. */
  hold: NullableHoldMark,
});
export type StoreReviewItem = Static<typeof StoreReviewItem>;
export const StoreReviewItemResponse = Envelope(StoreReviewItem);
export const StoreReviewPage = Page(StoreReviewItem);
export type StoreReviewPage = Static<typeof StoreReviewPage>;
export const StoreReviewPageResponse = Envelope(StoreReviewPage);

/** GET review/answers: answers by state for the review screen (reviewers only). */
export const StoreReviewListQuery = Type.Composite(
  [StorePageQuery, Type.Object({ state: Type.Optional(Lit(ANSWER_STATES)) })],
  { additionalProperties: false },
);
export type StoreReviewListQuery = Static<typeof StoreReviewListQuery>;

/** POST review/decide: publish, or return with a reason (reviewers only; only answers in review). */
export const StoreReviewDecideRequest = Type.Object(
  {
    answer_id: Id,
    decision: Lit(['publish', 'return'] as const),
    reason: Type.Optional(Text(RETURN_REASON_MAX_LENGTH)),
  },
  { additionalProperties: false },
);
export type StoreReviewDecideRequest = Static<typeof StoreReviewDecideRequest>;

/** POST answer_save: an expert's (adviser's) draft, new or a returned one rewritten. */
export const StoreAnswerSaveRequest = Type.Object(
  {
    question_id: Id,
    answer_id: Type.Optional(Id),
    content: Text(ANSWER_MAX_LENGTH, 1),
    submit: Type.Optional(Type.Boolean()),
  },
  { additionalProperties: false },
);
export type StoreAnswerSaveRequest = Static<typeof StoreAnswerSaveRequest>;

/** GET expert/questions: the signed-in expert's inbox (open questions, and those with their draft or returned answer). */
export const StoreExpertQuestionsQuery = StorePageQuery;
export const StoreExpertQuestion = Type.Object({
  question: Type.Object({
    id: Type.Integer(),
    content: Type.String(),
    asker: Type.String(),
    asked_at: Type.Integer(),
    parent_id: Type.Union([Type.Integer(), Type.Null()]),
  }),
  my_answer: Type.Union([StoreReviewItem, Type.Null()]),
});
export type StoreExpertQuestion = Static<typeof StoreExpertQuestion>;
export const StoreExpertQuestionPage = Page(StoreExpertQuestion);
export type StoreExpertQuestionPage = Static<typeof StoreExpertQuestionPage>;
export const StoreExpertQuestionPageResponse = Envelope(StoreExpertQuestionPage);
/** GET expert/answers: the signed-in expert's own answers, by state (returned ones carry the reviewer's reason). */
export const StoreExpertAnswersQuery = StoreReviewListQuery;

/** GET review/role: whether the caller reviews (the client shows the review entry). */
export const StoreReviewRole = Type.Object({
  reviewer: Type.Boolean(),
  expert_id: Type.Union([Type.Integer(), Type.Null()]),
});
export type StoreReviewRole = Static<typeof StoreReviewRole>;
export const StoreReviewRoleResponse = Envelope(StoreReviewRole);
