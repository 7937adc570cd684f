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

/**
 * A text's readings, one per character (toneless, ü as v; a character without one as itself). The dictionary behind
 * it is most of the policy's weight (pinyin-reader.ts): the browser loads it when someone starts typing, the server
 * with the policy.
 */
export type PinyinReader = (text: string) => string[];

type Key = { pinyin: string; word: string; rule: PromiseRuleCode; latinOnly: boolean; not: string };
type Reader = (text: string) => string[];
/** One ear: how a reader hears a text, and the rules' words as it hears them (worked out once per reader). */
interface Ear {
  read: Reader;
  keys: Key[];
}
const ears = new WeakMap<PinyinReader, Ear[]>();
const keysOf = (read: Reader): Key[] =>
  HOMOPHONE_WORDS.map((h) => ({
    pinyin: read(h.word).join(''),
    word: h.word,
    rule: h.rule,
    latinOnly: h.latinOnly ?? false,
    not: h.not ?? '',
  }));
/** As typed (零fengxian, baoben), then with merged sounds (稳钻, 零分险). */
function earsOf(pinyin: PinyinReader): Ear[] {
  let found = ears.get(pinyin);
  if (!found) {
    const plain: Reader = (text) => pinyin(text).map((r) => r.toLowerCase());
    const mergedReader: Reader = (text) => plain(text).map(merged);
    found = [plain, mergedReader].map((read) => ({ read, keys: keysOf(read) }));
    ears.set(pinyin, found);
  }
  return found;
}

const HAN = /^\p{Script=Han}$/u;
const LATIN = /^[a-z]$/;

/**
 * The rules' key words found by sound in a compacted sentence: a Chinese homophone that keeps at
 * least one character of the word (宝本, 饱本, 稳转), or pinyin typed in Latin letters (baoben, bao ben,
 * 保ben). The word itself is left to the character rules.
 */
export function homophoneMatches(text: string, pinyin: PinyinReader): HomophoneMatch[] {
  if (!/[\p{Script=Han}a-z]/u.test(text)) return [];
  // One place heard by both ears is reported once.
  const seen = new Set<string>();
  return earsOf(pinyin)
    .flatMap((ear) => heard(text, ear))
    .filter((m) => {
      const key = `${m.start}:${m.end}:${m.rule}`;
      const fresh = !seen.has(key);
      seen.add(key);
      return fresh;
    });
}

function heard(text: string, { read, keys }: Ear): HomophoneMatch[] {
  // A 0 among sounds is said 零 (0 feng xian).
  const chars = Array.from(text.replace(/0/g, '零'));
  const sounds = read(chars.join(''));
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
  for (const key of keys) {
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
