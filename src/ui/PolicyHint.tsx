import { useMemo } from 'react';

import { maskedNotice, type PolicyPlace } from '@/api/contract/content-policy';
import { screenText } from '@/lib/content-policy';

/** What the content policy will say about a draft: the refusal the server would send, or a note on masking. */
export interface PolicyAdvice {
  refusal: string | null;
  notice: string | null;
}

const NONE: PolicyAdvice = { refusal: null, notice: null };

/** The same rules and words as the server's refusal (the server matches with OpenCC's full tables). */
export function policyAdvice(text: string, place: PolicyPlace, sensitiveWords = false): PolicyAdvice {
  if (!text.trim()) return NONE;
  const verdict = screenText(text, place, { sensitiveWords });
  if (verdict.kind === 'refused') return { refusal: verdict.message, notice: null };
  return verdict.masked.length ? { refusal: null, notice: maskedNotice(verdict.masked.map((m) => m.rule)) } : NONE;
}

export function usePolicyAdvice(text: string, place: PolicyPlace, sensitiveWords = false): PolicyAdvice {
  return useMemo(() => policyAdvice(text, place, sensitiveWords), [text, place, sensitiveWords]);
}

/**
 * One line under a text box: the policy's refusal before sending, else the server's refusal after
 * (`serverError`, the same words), else the masking note. Nothing when there is nothing to say.
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
