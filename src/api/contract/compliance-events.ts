/**
 * Kinds of row in the compliance trail (server/db/schema-compliance.ts), shared so the
 * compliance officer's screen filters by the same words the server writes.
 */
export const COMPLIANCE_EVENT_KINDS = [
  'suitability',
  'forward',
  'share_link',
  'review',
  'policy_hit',
  'qualification',
  'action_log_read',
] as const;
export type ComplianceEventKind = (typeof COMPLIANCE_EVENT_KINDS)[number];

export const COMPLIANCE_EVENT_LABELS: Readonly<Record<ComplianceEventKind, string>> = {
  suitability: '适当性检查',
  forward: '素材转发',
  share_link: '分享链接',
  review: '审核决定',
  policy_hit: '内容合规拦截',
  qualification: '合格投资者确认',
  action_log_read: '操作日志查阅',
};
