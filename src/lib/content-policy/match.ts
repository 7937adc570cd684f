import {
  NEGATION_AFTER,
  NEGATION_BEFORE,
  PROMISE_EXEMPT_TERMS,
  PROMISE_RULES,
  type PromiseRuleCode,
  SENSITIVE_WORDS,
} from '../../api/contract/content-policy';

/** Traditional → simplified: the server passes OpenCC's full table, the client the generated subset. */
export type ToSimplified = (text: string) => string;

/** Zero-width and other invisible characters, combining marks, Hangul fillers, braille blank. */
const INVISIBLE = /[\p{Cf}\p{Mn}\p{Me}\u115F\u1160\u3164\uFFA0\u2800]/gu;
/** What may sit between the characters of a word without changing it: spaces, punctuation, symbols, emoji. */
const FILLER = /[\s\p{P}\p{S}\p{Z}]/gu;

/**
 * The form rules match: NFKC (full-width → half-width, compatibility ideographs), invisible characters
 * dropped, traditional → simplified, lower case, then spaces, punctuation and symbols removed.
 */
export function compactForm(text: string, toSimplified: ToSimplified): string {
  const visible = text.normalize('NFKC').replace(INVISIBLE, '');
  return toSimplified(visible).normalize('NFKC').toLowerCase().replace(FILLER, '');
}

const escapeRe = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

interface CompiledRule {
  code: PromiseRuleCode;
  re: RegExp;
}
let compiled: CompiledRule[] | null = null;
function rules(): CompiledRule[] {
  compiled ??= PROMISE_RULES.map((r) => ({
    code: r.code,
    // Longer words first, so 稳赚不赔 is reported as itself rather than 稳赚.
    re: new RegExp([...[...r.words].sort((a, b) => b.length - a.length).map(escapeRe), ...r.patterns].join('|'), 'gu'),
  }));
  return compiled;
}
const before = new RegExp(NEGATION_BEFORE, 'u');
const after = new RegExp(NEGATION_AFTER, 'u');

/** True when the match at [start, end) is a disclosure: "不保本", "不承诺保本", "零风险的投资并不存在". */
function negated(compact: string, start: number, end: number): boolean {
  return before.test(compact.slice(Math.max(0, start - 8), start)) || after.test(compact.slice(end, end + 16));
}

/** True when the match lies inside a term of art ("无风险利率"). */
function exempt(compact: string, start: number, end: number): boolean {
  return PROMISE_EXEMPT_TERMS.some((t) => {
    for (
      let at = compact.indexOf(t, Math.max(0, start - t.length));
      at !== -1 && at < end;
      at = compact.indexOf(t, at + 1)
    ) {
      if (at <= start && at + t.length >= end) return true;
    }
    return false;
  });
}

/** The first promise of returns in a compacted text that is not negated, or null. */
export function findPromise(compact: string): { rule: PromiseRuleCode; word: string } | null {
  let best: { rule: PromiseRuleCode; word: string; at: number } | null = null;
  for (const { code, re } of rules()) {
    re.lastIndex = 0;
    for (let m = re.exec(compact); m; m = re.exec(compact)) {
      const start = m.index;
      const end = start + m[0].length;
      if (m[0].length === 0) {
        re.lastIndex += 1;
        continue;
      }
      // A later start may still be a real promise: keep scanning one character on.
      re.lastIndex = start + 1;
      if (exempt(compact, start, end)) continue;
      if (negated(compact, start, end)) continue;
      if (!best || start < best.at || (start === best.at && m[0].length > best.word.length))
        best = { rule: code, word: m[0], at: start };
      break;
    }
  }
  return best && { rule: best.rule, word: best.word };
}

export function findSensitiveWord(compact: string): string | null {
  return SENSITIVE_WORDS.find((w) => compact.includes(w)) ?? null;
}
