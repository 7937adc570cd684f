import {
  AFFIRMED_AFTER,
  ANSWERED_QUESTIONS,
  HEARSAY,
  INVERTING,
  NEGATION_AFTER,
  NEGATION_BEFORE,
  PROMISE_EXEMPT_TERMS,
  PROMISE_RULES,
  type PromiseRuleCode,
  QUESTION_AFTER,
  QUESTION_BEFORE,
  QUESTION_SHORT,
  RHETORICAL,
  SENSITIVE_WORDS,
  WISH_BEFORE,
} from '../../api/contract/content-policy';
import { homophoneMatches, type PinyinReader } from './pinyin';

/** Traditional → simplified: the server passes OpenCC's full table, the client the generated subset. */
export type ToSimplified = (text: string) => string;

/** Zero-width and other invisible characters, combining marks, Hangul fillers, braille blank. */
const INVISIBLE = /[\p{Cf}\p{Mn}\p{Me}\u115F\u1160\u3164\uFFA0\u2800]/gu;
/** What may sit between the characters of a word without changing it: spaces, punctuation, symbols, emoji. */
const FILLER = /[\s\p{P}\p{S}\p{Z}]/gu;
/** The same, but a per cent sign stays: "年化不低于8%" is a rate, "不低于8" may be a count. */
const FILLER_KEEP_PERCENT = /(?!%)[\s\p{P}\p{S}\p{Z}]/gu;

/**
 * The form sensitive words match: NFKC (full-width → half-width, compatibility ideographs), invisible
 * characters dropped, traditional → simplified, lower case, then spaces, punctuation and symbols removed.
 */
export function compactForm(text: string, toSimplified: ToSimplified): string {
  const visible = text.normalize('NFKD').replace(INVISIBLE, '').normalize('NFKC');
  return toSimplified(visible).normalize('NFKC').toLowerCase().replace(FILLER, '');
}

/** Where one sentence ends: what it says is judged per sentence, and per clause within it. */
const SENTENCE_END = /[。!?;]/u;
/** Where a clause ends inside a sentence. A match may run across clauses, not across sentences. */
const CLAUSE_END = /[,、:…\n]/u;

/** One clause of a sentence in compacted form, and where it sits in the sentence's compacted text. */
export interface Clause {
  text: string;
  start: number;
  /** The sentence ended with a question mark and this is its last clause. */
  asked: boolean;
}
/** One sentence: its compacted text (clauses joined) and its clauses. */
export interface Sentence {
  text: string;
  clauses: Clause[];
}

/** The text cut into sentences and clauses, each compacted (a decimal point between digits reads 点). */
export function sentences(text: string, toSimplified: ToSimplified): Sentence[] {
  // Decomposed first, so a tone mark typed on pinyin (bǎo běn) is dropped with the other marks.
  const visible = text
    .normalize('NFKD')
    .replace(INVISIBLE, '')
    .normalize('NFKC')
    .replace(/(\d)\.(?=\d)/g, '$1点');
  const out: Sentence[] = [];
  let clauses: Clause[] = [];
  let joined = '';
  let raw = '';
  const closeClause = (asked: boolean) => {
    const compact = toSimplified(raw).normalize('NFKC').toLowerCase().replace(FILLER_KEEP_PERCENT, '');
    if (compact) clauses.push({ text: compact, start: joined.length, asked });
    else if (asked && clauses.length) clauses[clauses.length - 1]!.asked = true;
    joined += compact;
    raw = '';
  };
  const closeSentence = (asked: boolean) => {
    closeClause(asked);
    if (clauses.length) out.push({ text: joined, clauses });
    clauses = [];
    joined = '';
  };
  for (const ch of visible) {
    if (SENTENCE_END.test(ch)) closeSentence(ch === '?');
    else if (CLAUSE_END.test(ch)) closeClause(false);
    else raw += ch;
  }
  closeSentence(false);
  return out;
}

/** One promise found: its rule, the words as matched, and whether it is certain (refuse) or not (hold). */
export interface PromiseMatch {
  rule: PromiseRuleCode;
  word: string;
  certain: boolean;
  /** Position in the sentence's compacted text (for ordering and the checks below). */
  start: number;
  end: number;
}

interface CompiledRule {
  code: PromiseRuleCode;
  certain: boolean;
  re: RegExp;
}
const escapeRe = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
let compiled: CompiledRule[] | null = null;
function rules(): CompiledRule[] {
  compiled ??= PROMISE_RULES.flatMap((r) => [
    {
      code: r.code,
      certain: true,
      // Longer words first, so 稳赚不赔 is reported as itself rather than 稳赚.
      re: new RegExp(
        [...[...r.words].sort((a, b) => b.length - a.length).map(escapeRe), ...r.patterns].join('|'),
        'gu',
      ),
    },
    ...(r.weak.length ? [{ code: r.code, certain: false, re: new RegExp(r.weak.join('|'), 'gu') }] : []),
  ]);
  return compiled;
}
const negationBefore = new RegExp(NEGATION_BEFORE, 'u');
const negationAfter = new RegExp(NEGATION_AFTER, 'u');
const questionBefore = new RegExp(QUESTION_BEFORE, 'u');
const questionAfter = new RegExp(QUESTION_AFTER, 'u');
const rhetorical = new RegExp(RHETORICAL, 'u');
const hearsay = new RegExp(HEARSAY, 'u');
const inverting = new RegExp(INVERTING, 'u');
const invertingWords = new RegExp(`^${INVERTING}`, 'u');
const wishBefore = new RegExp(WISH_BEFORE, 'u');
const shortAsk = new RegExp(QUESTION_SHORT, 'u');
const affirmedAfter = new RegExp(AFFIRMED_AFTER, 'u');

function clauseAt(sentence: Sentence, at: number): number {
  let i = 0;
  while (i + 1 < sentence.clauses.length && sentence.clauses[i + 1]!.start <= at) i += 1;
  return i;
}

/** True when the match lies inside a term of art ("无风险利率"). */
function exempt(text: string, start: number, end: number): boolean {
  return PROMISE_EXEMPT_TERMS.some((t) => {
    for (let at = text.indexOf(t, Math.max(0, start - t.length)); at !== -1 && at < end; at = text.indexOf(t, at + 1)) {
      if (at <= start && at + t.length >= end) return true;
    }
    return false;
  });
}

/** A disclosure: a negation just before the words in their clause, or a debunking after them in the sentence. */
function negated(sentence: Sentence, start: number, end: number): boolean {
  const clause = sentence.clauses[clauseAt(sentence, start)]!;
  const before = sentence.text.slice(Math.max(clause.start, start - 16), start);
  return negationBefore.test(before) || negationAfter.test(sentence.text.slice(end, end + 16));
}

/** Asked about rather than said: a question in the clause where the words end (or a short one just after). */
function asked(sentence: Sentence, start: number, end: number): boolean {
  const index = clauseAt(sentence, Math.max(start, end - 1));
  const clause = sentence.clauses[index]!;
  const clauseEnd = clause.start + clause.text.length;
  if (rhetorical.test(clause.text)) return false;
  const window = sentence.text.slice(Math.max(clause.start, start - 8), end);
  if (clause.asked || questionBefore.test(window) || questionAfter.test(sentence.text.slice(end, clauseEnd)))
    return true;
  const next = sentence.clauses[index + 1];
  return !!next && !rhetorical.test(next.text) && shortAsk.test(next.text);
}

/** A customer's wish ("我想要保本的"), which promises nothing: not for a loss cover, which names who pays. */
function wished(sentence: Sentence, rule: PromiseRuleCode, start: number): boolean {
  if (rule === 'promise_loss_cover' || rule === 'promise_rigid_redemption' || rule === 'promise_expected_return')
    return false;
  const clause = sentence.clauses[clauseAt(sentence, start)]!;
  // "难道您不想要稳赚的收益吗" is no wish.
  if (rhetorical.test(clause.text)) return false;
  return wishBefore.test(sentence.text.slice(Math.max(clause.start, start - 8), start));
}

/** Words someone else said (听说…), in a sentence that asks about them ("…，是真的吗？"). */
function hearsayAsked(sentence: Sentence, start: number): boolean {
  if (!hearsay.test(sentence.text.slice(0, start))) return false;
  const last = sentence.clauses[sentence.clauses.length - 1]!;
  return (last.asked || /[吗嘛呢]/u.test(last.text)) && !rhetorical.test(sentence.text);
}

/**
 * True when what the words say in their sentence is no promise: a term of art, a disclosure, a question, a wish.
 * `answered`: the next sentence answers the question yes or pushes the sale, so a question is no excuse.
 */
function excused(
  sentence: Sentence,
  m: { rule: PromiseRuleCode; start: number; end: number },
  answered = false,
): boolean {
  if (exempt(sentence.text, m.start, m.end)) return true;
  if (invertingWords.test(sentence.text.slice(m.start, m.end))) return false;
  const clause = sentence.clauses[clauseAt(sentence, m.start)]!;
  // 难道/哪有 before the words deny them, unless a negation turns them back.
  if (inverting.test(sentence.text.slice(clause.start, m.start))) return !negated(sentence, m.start, m.end);
  return (
    negated(sentence, m.start, m.end) ||
    (!answered && (asked(sentence, m.start, m.end) || wished(sentence, m.rule, m.start))) ||
    hearsayAsked(sentence, m.start)
  );
}

/** Every unexcused match of the rules in one form of a sentence. */
function matchRules(sentence: Sentence, certainChannel: boolean, answered: boolean): PromiseMatch[] {
  const found: PromiseMatch[] = [];
  for (const { code, certain, re } of rules()) {
    re.lastIndex = 0;
    for (let m = re.exec(sentence.text); m; m = re.exec(sentence.text)) {
      const start = m.index;
      const end = start + m[0].length;
      // A later start may still be a real promise: keep scanning one character on.
      re.lastIndex = start + 1;
      if (m[0].length === 0 || excused(sentence, { rule: code, start, end }, answered)) continue;
      found.push({ rule: code, word: m[0], certain: certain && certainChannel, start, end });
    }
  }
  return found;
}

/** The sentence with Latin letters between two Chinese characters removed ("保b本" → "保本"). */
function withoutLatin(sentence: Sentence): Sentence | null {
  const strip = (s: string) => s.replace(/(?<=\p{Script=Han})[a-z]+(?=\p{Script=Han})/gu, '');
  if (strip(sentence.text) === sentence.text) return null;
  let at = 0;
  const clauses = sentence.clauses.map((c) => {
    const text = strip(c.text);
    const clause = { text, start: at, asked: c.asked };
    at += text.length;
    return clause;
  });
  return { text: clauses.map((c) => c.text).join(''), clauses };
}

let answered: { rule: PromiseRuleCode; re: RegExp }[] | null = null;
/**
 * Questions the writer answers with a promise ("风险？不存在的"), found on the normalised text with its
 * punctuation (the clause-by-clause reading cannot see across the question mark). Placed before every
 * sentence's matches (start -1): they are certain, and one is enough.
 */
function answeredQuestions(text: string, toSimplified: ToSimplified): PromiseMatch[] {
  answered ??= ANSWERED_QUESTIONS.map((q) => ({ rule: q.rule, re: new RegExp(q.pattern, 'u') }));
  const plain = toSimplified(text.normalize('NFKD').replace(INVISIBLE, '').normalize('NFKC'))
    .normalize('NFKC')
    .toLowerCase();
  for (const { rule, re } of answered) {
    const m = re.exec(plain);
    if (m) return [{ rule, word: m[0].replace(FILLER_KEEP_PERCENT, ''), certain: true, start: -1, end: -1 }];
  }
  return [];
}

/** Orders matches: the earliest first, the longer first at one start. */
const byPlace = (a: PromiseMatch, b: PromiseMatch) => a.start - b.start || b.end - a.end;

/**
 * Every promise in a text, judged clause by clause: on its compacted form and with Latin letters
 * between characters removed (certain unless the rule is a weak one), and on its pinyin (homophones,
 * pinyin typed in Latin letters: never certain). Without a pinyin reader (a browser that has not loaded it yet) the
 * sounds are not listened to; the server always has one.
 */
export function findPromises(text: string, toSimplified: ToSimplified, pinyin: PinyinReader | null): PromiseMatch[] {
  const found: PromiseMatch[] = answeredQuestions(text, toSimplified);
  const all = sentences(text, toSimplified);
  all.forEach((sentence, i) => {
    const next = all[i + 1];
    const answered = !!next && sentence.clauses[sentence.clauses.length - 1]!.asked && affirmedAfter.test(next.text);
    const here = matchRules(sentence, true, answered);
    const stripped = withoutLatin(sentence);
    if (stripped) here.push(...matchRules(stripped, true, answered));
    if (pinyin)
      for (const h of homophoneMatches(sentence.text, pinyin)) if (!excused(sentence, h, answered)) here.push(h);
    // One place found by two rules or two channels is reported once.
    const seen = new Set<string>();
    for (const m of here.sort(byPlace)) {
      const key = `${m.start}:${m.end}:${m.word}`;
      if (!seen.has(key)) found.push(m);
      seen.add(key);
    }
  });
  return found;
}

/** The promise a verdict reports: the first certain one, else the first uncertain one, else null. */
export function findPromise(
  text: string,
  toSimplified: ToSimplified,
  pinyin: PinyinReader | null,
): { rule: PromiseRuleCode; word: string; certain: boolean } | null {
  const all = findPromises(text, toSimplified, pinyin);
  const pick = all.find((m) => m.certain) ?? all[0];
  return pick ? { rule: pick.rule, word: pick.word, certain: pick.certain } : null;
}

export function findSensitiveWord(compact: string): string | null {
  return SENSITIVE_WORDS.find((w) => compact.includes(w)) ?? null;
}
