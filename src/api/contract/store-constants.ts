/**
 * Plain rules of the knowledge store (no TypeBox): the server enforces them, the client shows
 * them (limits under the input, the states' words). docs/rules/product.md, docs/store.md.
 */
export const QUESTION_MIN_LENGTH = 5;
export const QUESTION_MAX_LENGTH = 300;
export const ANSWER_MAX_LENGTH = 3000;
export const RETURN_REASON_MAX_LENGTH = 200;
export const STORE_PAGE_MAX = 50;
export const STORE_PAGE_DEFAULT = 10;

// Which words a question or an answer may not contain: the content policy, content-policy.ts.

export const ANSWER_STATES = ['draft', 'in_review', 'published', 'returned'] as const;
export type AnswerState = (typeof ANSWER_STATES)[number];
export const ANSWER_STATE_LABELS: Record<AnswerState, string> = {
  draft: '草稿',
  in_review: '审核中',
  published: '已发布',
  returned: '已退回',
};

/** A customer's question: in review until an answer to it is published. */
export const QUESTION_STATES = ['in_review', 'answered'] as const;
export type QuestionState = (typeof QUESTION_STATES)[number];
export const QUESTION_STATE_LABELS: Record<QuestionState, string> = { in_review: '审核中', answered: '已回答' };

export const LIKE_ITEM_TYPES = ['answer', 'article'] as const;
export type LikeItemType = (typeof LIKE_ITEM_TYPES)[number];

export const VIEW_DISCLAIMER = '以上观点仅代表机构或作者个人看法，不构成投资建议。市场有风险，投资需谨慎。';
export const QUALIFIED_INVESTOR_RULE = '金融资产不低于300万元，或最近三年个人年均收入不低于50万元';
export const COOLING_OFF_HOURS = 24;
/** The qualified-investor rule in yuan (资管新规 / 私募投资基金监督管理暂行办法). */
export const QUALIFIED_ASSETS_MIN = 3_000_000;
export const QUALIFIED_INCOME_MIN = 500_000;
export const QUALIFICATION_BASES = ['assets', 'income'] as const;
export type QualificationBasis = (typeof QUALIFICATION_BASES)[number];
/** Whether a declared amount meets the rule for its basis (both limits inclusive). */
export const meetsQualification = (basis: QualificationBasis, amount: number): boolean =>
  amount >= (basis === 'assets' ? QUALIFIED_ASSETS_MIN : QUALIFIED_INCOME_MIN);
/** How a declaration form asks for each basis: the store's contract page and the live room's gate say the same. */
export const QUALIFICATION_BASIS_TEXT: Record<QualificationBasis, { label: string; field: string; min: number }> = {
  assets: { label: '本人金融资产不低于300万元', field: '您的金融资产（万元）', min: QUALIFIED_ASSETS_MIN },
  income: {
    label: '本人最近三年个人年均收入不低于50万元',
    field: '最近三年个人年均收入（万元）',
    min: QUALIFIED_INCOME_MIN,
  },
};
/**
 * A declaration's amount as typed in 万元 (at most two decimals): the amount in yuan or null, whether the text is
 * not an amount at all (`bad`), and whether it falls short of the rule for the chosen basis (`short`). The form says
 * so early; the server decides.
 */
export function readDeclaredAmount(
  basis: QualificationBasis | null,
  wan: string,
): { amount: number | null; bad: boolean; short: boolean } {
  const text = wan.trim();
  const amount = /^\d{1,9}(\.\d{1,2})?$/.test(text) ? Math.round(Number(text) * 10000) : null;
  return {
    amount,
    bad: text !== '' && amount === null,
    short: basis !== null && amount !== null && !meetsQualification(basis, amount),
  };
}
export const RISK_MATCH_STATES = ['matched', 'not_assessed', 'expired', 'too_low'] as const;
export type RiskMatchState = (typeof RISK_MATCH_STATES)[number];
/** How a reader without a current assessment gets one. */
export const HOW_TO_ASSESS =
  '请在诺亚财富App「我的 - 风险测评」完成测评，或联系您的专属理财师协助完成；测评结果有效期内方可查看私募产品';

/** Error codes of the store beyond the common ones (HTTP 400 unless said). */
export const StoreErrorCode = {
  questionTooShort: 180101,
  questionTooLong: 180102,
  sensitiveWord: 180103,
  forbiddenPromise: 180104,
  badTransition: 180105,
  notReviewer: 180106,
  qualificationRequired: 180107,
  /** The declared amount does not meet the qualified-investor rule. */
  notQualified: 180108,
  /** A held text (待合规审核) cannot be published, answered in public or forwarded before a reviewer approves it. */
  held: 180109,
} as const;
