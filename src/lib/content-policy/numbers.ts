import { maskMarker, type PersonalRuleCode } from '../../api/contract/content-policy';
import { isValidResidentId } from '../resident-id';

/** A personal number found in a text: which kind, where in the original string, its last four digits. */
export interface NumberHit {
  rule: PersonalRuleCode;
  start: number;
  end: number;
  tail: string;
}

/** Luhn check of a card number's digits. */
export function luhnValid(digits: string): boolean {
  let sum = 0;
  for (let i = 0; i < digits.length; i += 1) {
    let d = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return digits.length > 0 && sum % 10 === 0;
}

/** Which personal number a digit string is, if any: an 18-character ID (spec §5 check), a Luhn card, a mobile. */
export function classifyDigits(raw: string): PersonalRuleCode | null {
  const s = raw.toUpperCase();
  if (s.length === 18 && isValidResidentId(s)) return 'id_number';
  if (!/^\d+$/.test(s)) return null;
  if (s.length >= 16 && s.length <= 19 && luhnValid(s)) return 'bank_card';
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

/** Every personal number in a text, left to right, none overlapping. */
export function findPersonalNumbers(text: string): NumberHit[] {
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
        if (rule) found = { j, rule, digits };
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
