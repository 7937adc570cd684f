import { useEffect, useMemo, useState } from 'react';

import { maskedNotice, type PolicyPlace, policyReason } from '@/api/contract/content-policy';
import { type PinyinReader, screenText } from '@/lib/content-policy';

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

/**
 * The same rules and words as the server's refusal (the server matches with OpenCC's full tables). Without the pinyin
 * reader (not loaded yet) what only sounds like a promise is not flagged here; the server's answer still is.
 */
export function policyAdvice(
  text: string,
  place: PolicyPlace,
  pinyin: PinyinReader | null,
  sensitiveWords = false,
): PolicyAdvice {
  if (!text.trim()) return NONE;
  const verdict = screenText(text, place, { pinyin, sensitiveWords });
  if (verdict.kind === 'refused') return { refusal: verdict.message, reason: policyReason(verdict.hit), notice: null };
  // A held text may be sent: its writer reads that nobody else sees it until a reviewer approves.
  const notes = [
    verdict.held?.message,
    verdict.masked.length ? maskedNotice(verdict.masked.map((m) => m.rule)) : undefined,
  ].filter((n): n is string => !!n);
  return notes.length ? { refusal: null, reason: null, notice: notes.join('；') } : NONE;
}

let pinyinLoaded: PinyinReader | null = null;
let pinyinLoading: Promise<PinyinReader | null> | null = null;
/**
 * The pinyin reader, loaded once for the page. A failed load (a dropped connection) answers null and is tried again
 * at the next keystroke; meanwhile the hint works without it.
 */
export function loadPinyinReader(): Promise<PinyinReader | null> {
  pinyinLoading ??= import(/* webpackChunkName: "pinyin" */ '@/lib/content-policy/pinyin-reader').then(
    (m) => (pinyinLoaded = m.readPinyin),
    () => {
      pinyinLoading = null;
      return null;
    },
  );
  return pinyinLoading;
}

/**
 * The advice on a draft as it is typed. The pinyin reader's dictionary loads with the first character typed (a
 * page with a text box no one writes in never evaluates it), and the advice is read again once it is there.
 */
export function usePolicyAdvice(text: string, place: PolicyPlace, sensitiveWords = false): PolicyAdvice {
  const [pinyin, setPinyin] = useState<PinyinReader | null>(() => pinyinLoaded);
  const typed = text.trim() !== '';
  useEffect(() => {
    if (pinyin || !typed) return;
    let current = true;
    void loadPinyinReader().then((reader) => {
      if (current && reader) setPinyin(() => reader);
    });
    return () => {
      current = false;
    };
  }, [pinyin, typed, text]);
  return useMemo(() => policyAdvice(text, place, pinyin, sensitiveWords), [text, place, pinyin, sensitiveWords]);
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
