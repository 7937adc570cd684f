import { maskMarker, type PersonalRuleCode } from '../../api/contract/content-policy';

/** A personal number found in a text: which kind, where in the original string, its last four digits. */
export interface NumberHit {
  rule: PersonalRuleCode;
  start: number;
  end: number;
  tail: string;
}

/**
 * Which personal number a digit string is, if any, by its shape alone: a checksum that fails is a
 * typo, not a reason to publish the number. A resident ID is 15 digits (the old form) or 17 digits
 * and a digit or X; a bank card 16 to 19 digits (an 18-digit one reads as an ID: both are hidden);
 * a mobile 11 digits from 13 to 19, or with the country code 86 in front.
 */
export function classifyDigits(raw: string): PersonalRuleCode | null {
  const s = raw.toUpperCase();
  if (/^\d{17}[\dX]$/.test(s) || /^\d{15}$/.test(s)) return 'id_number';
  if (!/^\d+$/.test(s)) return null;
  if (s.length >= 16 && s.length <= 19) return 'bank_card';
  if (/^1[3-9]\d{9}$/.test(s)) return 'mobile';
  if (/^861[3-9]\d{9}$/.test(s)) return 'mobile';
  return null;
}

/** Characters a writer puts between digit groups: "138 0013 8000", "6222-0212-…", "138.0013.8000". */
const SEPARATOR = /^[\s\-‐‑‒–—―_.·/]$/u;
/** Invisible characters dropped before looking (zero-width, joiners, marks). */
const INVISIBLE = /^[\p{Cf}\p{Mn}\p{Me}]$/u;

interface Cell {
  ch: string;
  start: number;
  end: number;
}
interface Segment {
  text: string;
  start: number;
  end: number;
}

/** Runs of digits (and a trailing X) with their separators, each split into its separated groups. */
function digitRuns(text: string): Segment[][] {
  const cells: Cell[] = [];
  let at = 0;
  for (const cp of text) {
    const start = at;
    at += cp.length;
    if (INVISIBLE.test(cp)) continue;
    cells.push({ ch: cp.normalize('NFKC'), start, end: at });
  }
  const runs: Segment[][] = [];
  let run: Segment[] = [];
  let seg: Segment | null = null;
  let gap = 0;
  const closeSeg = () => {
    if (seg) run.push(seg);
    seg = null;
  };
  const closeRun = () => {
    closeSeg();
    if (run.length) runs.push(run);
    run = [];
    gap = 0;
  };
  for (const c of cells) {
    const digit = /^\d$/.test(c.ch);
    const x = /^[xX]$/.test(c.ch) && seg !== null;
    if (digit || x) {
      if (seg && gap === 0) {
        seg.text += c.ch;
        seg.end = c.end;
      } else {
        closeSeg();
        seg = { text: c.ch, start: c.start, end: c.end };
      }
      gap = 0;
      if (x) closeRun();
    } else if (SEPARATOR.test(c.ch) && (seg || run.length) && gap < 2) {
      gap += 1;
      closeSeg();
    } else {
      closeRun();
    }
  }
  closeRun();
  return runs;
}

/** Several six-digit groups side by side are fund codes ("000001 110011 161725"), not one long number. */
const fundCodes = (groups: readonly Segment[]) => groups.length > 1 && groups.every((g) => /^\d{6}$/.test(g.text));

/** The fewest digits a personal number has: a mobile's eleven (classifyDigits). */
const FEWEST_DIGITS = 11;

/**
 * Whether a text has too few digits to hold any personal number, in any of the forms the search reads (full-width,
 * mathematical, superscript digits are digits after NFKC, as the search normalises each character). An amount, a date
 * or a percentage never has eleven, so most texts are settled by one pass over their characters instead of the
 * character-by-character search: a page of cards masks sixty reason titles.
 */
function tooFewDigits(text: string): boolean {
  const folded = text.normalize('NFKC');
  let digits = 0;
  for (let i = 0; i < folded.length; i += 1) {
    const c = folded.charCodeAt(i);
    if (c >= 48 && c <= 57 && (digits += 1) >= FEWEST_DIGITS) return false;
  }
  return true;
}

/** Every personal number in a text, left to right, none overlapping. */
export function findPersonalNumbers(text: string): NumberHit[] {
  return tooFewDigits(text) ? [] : searchPersonalNumbers(text);
}

/** The search itself, character by character, without the digit count that settles most texts first. */
export function searchPersonalNumbers(text: string): NumberHit[] {
  const hits: NumberHit[] = [];
  for (const run of digitRuns(text)) {
    let i = 0;
    while (i < run.length) {
      // The longest run of consecutive groups that reads as one number wins ("138 0013 8000").
      let found: { j: number; rule: PersonalRuleCode; digits: string } | null = null;
      let digits = '';
      for (let j = i; j < run.length && digits.length < 22; j += 1) {
        digits += run[j]!.text;
        const rule = classifyDigits(digits);
        if (rule && !fundCodes(run.slice(i, j + 1))) found = { j, rule, digits };
      }
      if (found) {
        hits.push({ rule: found.rule, start: run[i]!.start, end: run[found.j]!.end, tail: found.digits.slice(-4) });
        i = found.j + 1;
      } else {
        i += 1;
      }
    }
  }
  return hits;
}

/** The text with each personal number replaced by a marker naming what was hidden. */
export function maskPersonalNumbers(text: string, hits: readonly NumberHit[] = findPersonalNumbers(text)): string {
  let out = '';
  let at = 0;
  for (const h of hits) {
    out += text.slice(at, h.start) + maskMarker(h.rule);
    at = h.end;
  }
  return out + text.slice(at);
}
