import { useMemo } from 'react';

import { maskedNotice, type PolicyPlace, policyReason } from '@/api/contract/content-policy';
import { screenText } from '@/lib/content-policy';

/**
 * What the content policy will say about a draft: the refusal the server would send and why, or a
 * note (a text held for compliance review, numbers that will be hidden).
 */
export interface PolicyAdvice {
  refusal: string | null;
  /** The rule's label and reason under a refusal ("亏损兜底：不得承诺替客户承担或补偿投资损失"). */
  reason: string | null;
  notice: string | null;
}

const NONE: PolicyAdvice = { refusal: null, reason: null, notice: null };

/** The same rules and words as the server's refusal (the server matches with OpenCC's full tables). */
export function policyAdvice(text: string, place: PolicyPlace, sensitiveWords = false): PolicyAdvice {
  if (!text.trim()) return NONE;
  const verdict = screenText(text, place, { sensitiveWords });
  if (verdict.kind === 'refused') return { refusal: verdict.message, reason: policyReason(verdict.hit), notice: null };
  // A held text may be sent: its writer reads that nobody else sees it until a reviewer approves.
  const notes = [
    verdict.held?.message,
    verdict.masked.length ? maskedNotice(verdict.masked.map((m) => m.rule)) : undefined,
  ].filter((n): n is string => !!n);
  return notes.length ? { refusal: null, reason: null, notice: notes.join('；') } : NONE;
}

export function usePolicyAdvice(text: string, place: PolicyPlace, sensitiveWords = false): PolicyAdvice {
  return useMemo(() => policyAdvice(text, place, sensitiveWords), [text, place, sensitiveWords]);
}

/**
 * One line under a text box: the policy's refusal before sending (with the rule's reason), else the
 * server's refusal after (`serverError`, the same words), else the note (held for review, numbers
 * hidden). Nothing when there is nothing to say.
 */
export function PolicyHint({
  advice,
  serverError,
  className,
}: {
  advice: PolicyAdvice;
  serverError?: string | null;
  className: { error: string; note: string };
}) {
  const refusal = advice.refusal ?? serverError ?? null;
  if (refusal) {
    return (
      <p className={className.error} role="alert" data-testid="policy-refusal">
        {refusal}
        {advice.refusal && advice.reason ? <span data-testid="policy-reason">（{advice.reason}）</span> : null}
      </p>
    );
  }
  if (advice.notice) {
    return (
      <p className={className.note} role="status" data-testid="policy-notice">
        {advice.notice}
      </p>
    );
  }
  return null;
}
