import { type Static, Type } from '@sinclair/typebox';

import { COMPLIANCE_EVENT_KINDS } from './compliance-events';
import { Envelope } from './envelope';
import { Id } from './id';
import { SEND_FAILURES } from './market-map-send';

/*
 * The compliance officer's reading of the trail (/api/compliance/* on the live service; the
 * compliance role only). Filters are the same for the list and the CSV export.
 */

/** A calendar day, yyyy-mm-dd, read in China time (the officer's day). */
const Day = Type.String({ pattern: '^\\d{4}-\\d{2}-\\d{2}$' });
export const ComplianceKindSchema = Type.Union(COMPLIANCE_EVENT_KINDS.map((k) => Type.Literal(k)));

export const COMPLIANCE_PAGE_DEFAULT = 20;
export const COMPLIANCE_PAGE_MAX = 100;
/** One export holds at most this many rows; a longer period is exported in parts. */
export const COMPLIANCE_EXPORT_MAX = 50_000;

export const ComplianceFilterQuery = Type.Object(
  {
    kind: Type.Optional(ComplianceKindSchema),
    adviser_id: Type.Optional(Id),
    customer_id: Type.Optional(Id),
    product_id: Type.Optional(Id),
    /** First day included. */
    from: Type.Optional(Day),
    /** Last day included. */
    to: Type.Optional(Day),
  },
  { additionalProperties: false },
);
export type ComplianceFilterQuery = Static<typeof ComplianceFilterQuery>;

export const ComplianceEventsQuery = Type.Composite(
  [
    ComplianceFilterQuery,
    Type.Object({
      before_id: Type.Optional(Id),
      limit: Type.Optional(Type.Integer({ minimum: 1, maximum: COMPLIANCE_PAGE_MAX })),
    }),
  ],
  { additionalProperties: false },
);
export type ComplianceEventsQuery = Static<typeof ComplianceEventsQuery>;

const Named = Type.Union([Type.Object({ id: Type.Integer(), name: Type.String() }), Type.Null()]);

export const ComplianceEvent = Type.Object({
  id: Type.Integer(),
  kind: ComplianceKindSchema,
  /** Epoch milliseconds. */
  at: Type.Integer(),
  actor: Named,
  adviser: Named,
  customer: Named,
  product: Named,
  subject: Type.String(),
  decision: Type.String(),
  reason: Type.Union([Type.String(), Type.Null()]),
  detail: Type.Record(Type.String(), Type.Unknown()),
});
export type ComplianceEvent = Static<typeof ComplianceEvent>;

export const ComplianceEventPage = Type.Object({
  list: Type.Array(ComplianceEvent),
  /** Pass as before_id for the next page; null at the end. */
  next_before_id: Type.Union([Type.Integer(), Type.Null()]),
});
export type ComplianceEventPage = Static<typeof ComplianceEventPage>;
export const ComplianceEventPageResponse = Envelope(ComplianceEventPage);

/** What the filters offer: the financial advisers and the products of the product master. */
export const ComplianceFilterOptions = Type.Object({
  advisers: Type.Array(
    Type.Object({ id: Type.Integer(), name: Type.String(), employee_id: Type.Union([Type.String(), Type.Null()]) }),
  ),
  products: Type.Array(Type.Object({ id: Type.Integer(), name: Type.String(), code: Type.String() })),
});
export type ComplianceFilterOptions = Static<typeof ComplianceFilterOptions>;
export const ComplianceFilterOptionsResponse = Envelope(ComplianceFilterOptions);

/** Words the screen and the CSV use for a decision (the codes stay in the data). */
export const COMPLIANCE_DECISION_LABELS = {
  allowed: '允许',
  refused: '拒绝',
  approved: '通过',
  rejected: '驳回',
  published: '通过并发布',
  returned: '退回',
  bound: '绑定',
  masked: '已脱敏',
  // A send: pending until WeCom answers; 已送达 only once it confirmed (docs/workbench.md).
  pending: '待企业微信确认',
  sent: '已送达',
  failed: '未送达',
  read: '查阅',
  reversed: '撤销',
  submitted: '提交审核',
  confirmed: '已确认',
  declined: '自认不符合',
  held: '暂扣待复核',
  // A developer's reads of action logs.
  listed: '查阅列表',
  not_found: '未找到',
  saved_as_test: '存为回归测试',
} as const satisfies Record<string, string>;
/** Every decision the trail records: one with no words for the desk cannot be written (the type refuses it). */
export type ComplianceDecision = keyof typeof COMPLIANCE_DECISION_LABELS;
/** A stored decision in the desk's words (a row written before a decision had words shows its code). */
export const decisionLabel = (decision: string): string =>
  (COMPLIANCE_DECISION_LABELS as Readonly<Record<string, string>>)[decision] ?? decision;

/**
 * The four-eyes rule's reasons (nobody decides what benefits them or what they wrote), shown to the
 * reviewer who may not decide and, by their code, in the trail.
 */
export const FOUR_EYES_REASONS = {
  own_invitation: '您是该客户的邀请人，邀请奖励归您所有，需由其他审核人员处理',
  own_binding: '该客户将由您本人服务，需由其他审核人员处理',
  own_membership: '这是您本人的会员记录，需由其他审核人员处理',
  own_answer: '这是您撰写的回答，需由其他审核人员审核',
  own_material: '这是您撰写的素材，需由其他审核人员审核',
  material_beneficiary: '素材署名或所推产品的理财师是您本人，需由其他审核人员审核',
  not_second_reviewer: '该最终决定由您作出，撤销须由第二位审核员处理',
  own_text: '这是您本人写的内容，需由其他审核人员审核',
} as const;
export type FourEyesConflict = keyof typeof FOUR_EYES_REASONS;

/** Reason codes the trail stores, in words (anything else, a reviewer's own words, shows as it is). */
export const COMPLIANCE_REASON_LABELS: Readonly<Record<string, string>> = {
  ...FOUR_EYES_REASONS,
  not_reviewer: '无审核权限（非审核人员）',
  final_decision: '已是最终决定，只能由第二位审核员撤销',
  ...SEND_FAILURES,
  MATERIAL_EXPIRED: '素材不在合规有效期内',
  REVIEW_NO_MISSING: '素材缺少合规审核编号',
  RISK_NOT_ASSESSED: '客户未做风险测评',
  RISK_ASSESSMENT_EXPIRED: '客户风险测评已过期',
  RISK_LEVEL_TOO_LOW: '客户风险等级低于产品风险等级',
  NOT_QUALIFIED_INVESTOR: '客户未确认为合格投资者',
  CONTACT_BUDGET_EXHAUSTED: '今日联系该客户已达上限',
};

/** What an ordinary bind/confirm on a final decision answers (409): the way on is a reversal. */
export const FINAL_DECISION_TEXT = '该客户的审核已是最终决定，不能再改；如需更正，请由另一位审核员填写原因后撤销';

/** The CSV's columns, in order, with their Chinese headings. */
export const COMPLIANCE_CSV_COLUMNS = [
  '时间',
  '类型',
  '操作人',
  '理财师',
  '客户',
  '产品',
  '对象',
  '结果',
  '原因',
  '详情',
  // The stored codes, in columns of their own, for whoever filters the sheet by them.
  '结果代码',
  '原因代码',
  // The row's place on the hash chain and its SHA-256 (docs/compliance.md): a copy can be checked against the trail.
  '序号',
  '哈希',
] as const;
