import { pinyin } from 'pinyin-pro';

import { HOMOPHONE_WORDS, type PromiseRuleCode } from '../../api/contract/content-policy';

/** A homophone found: where it sits in the compacted sentence (UTF-16 offsets), never certain. */
export interface HomophoneMatch {
  rule: PromiseRuleCode;
  word: string;
  certain: false;
  start: number;
  end: number;
}

/**
 * Readings with the sounds many speakers merge made one (zh/z, ch/c, sh/s, -ng/-n): 稳钻 and 零分险 are
 * typed for 稳赚 and 零风险 as they are said.
 */
const merged = (reading: string): string => reading.replace(/^([zcs])h/, '$1').replace(/(?<=[aeiu])ng$|(?<=i)ng$/, 'n');
const plainReadings = (text: string): string[] =>
  pinyin(text, { toneType: 'none', type: 'array', v: true }).map((r) => r.toLowerCase());
const readings = (text: string): string[] => plainReadings(text).map(merged);

let keys: { pinyin: string; word: string; rule: PromiseRuleCode; latinOnly: boolean; not: string }[] | null = null;
function homophoneKeys() {
  // Characters are read with the merged sounds, letters as typed: a word is looked for both ways.
  keys ??= HOMOPHONE_WORDS.flatMap((h) =>
    [...new Set([readings(h.word).join(''), plainReadings(h.word).join('')])].map((sound) => ({
      pinyin: sound,
      word: h.word,
      rule: h.rule,
      latinOnly: h.latinOnly ?? false,
      not: h.not ?? '',
    })),
  );
  return keys;
}

const HAN = /^\p{Script=Han}$/u;
const LATIN = /^[a-z]$/;

/**
 * The rules' key words found by sound in a compacted sentence: a Chinese homophone that keeps at
 * least one character of the word (宝本, 饱本, 稳转), or pinyin typed in Latin letters (baoben, bao ben,
 * 保ben). The word itself is left to the character rules.
 */
export function homophoneMatches(text: string): HomophoneMatch[] {
  if (!/[\p{Script=Han}a-z]/u.test(text)) return [];
  const chars = Array.from(text);
  const sounds = readings(text);
  if (sounds.length !== chars.length) return [];
  // Where each character's reading starts in the joined readings, and its UTF-16 offset in the text.
  const readingAt: number[] = [];
  const offsetAt: number[] = [];
  let joined = '';
  let offset = 0;
  chars.forEach((ch, i) => {
    readingAt.push(joined.length);
    offsetAt.push(offset);
    joined += HAN.test(ch) || LATIN.test(ch) ? sounds[i]!.toLowerCase() : '\u0000';
    offset += ch.length;
  });
  readingAt.push(joined.length);
  offsetAt.push(offset);
  const charStartingAt = new Map(readingAt.map((r, i) => [r, i]));
  const found: HomophoneMatch[] = [];
  for (const key of homophoneKeys()) {
    for (let at = joined.indexOf(key.pinyin); at !== -1; at = joined.indexOf(key.pinyin, at + 1)) {
      const from = charStartingAt.get(at);
      const to = charStartingAt.get(at + key.pinyin.length);
      if (from === undefined || to === undefined) continue;
      const span = chars.slice(from, to);
      const latin = span.some((c) => LATIN.test(c));
      if (!latin) {
        const word = Array.from(key.word);
        if (key.latinOnly || span.length !== word.length) continue;
        if (span.join('') === key.word) continue;
        if (!span.some((c, i) => c === word[i])) continue;
        if (span.some((c) => key.not.includes(c))) continue;
      }
      found.push({ rule: key.rule, word: span.join(''), certain: false, start: offsetAt[from]!, end: offsetAt[to]! });
    }
  }
  return found;
}
