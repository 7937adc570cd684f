import {
  heldMessage,
  type PersonalRuleCode,
  POLICY_PLACES,
  policyErrorCode,
  type PolicyHit,
  policyMessage,
  type PolicyPlace,
} from '../../api/contract/content-policy';
import { compactForm, findPromise, findSensitiveWord, type ToSimplified } from './match';
import { findPersonalNumbers, maskPersonalNumbers } from './numbers';
import type { PinyinReader } from './pinyin';
import { POLICY_T2S } from './t2s';

export { type ToSimplified } from './match';
export { classifyDigits, findPersonalNumbers, maskPersonalNumbers } from './numbers';
export { type PinyinReader } from './pinyin';

/** The generated subset of OpenCC's table: enough for every character a rule mentions. */
export const subsetToSimplified: ToSimplified = (text) =>
  text.replace(/\p{Script=Han}/gu, (ch) => POLICY_T2S[ch] ?? ch);

/**
 * What the policy decides about one text written at one place:
 *  - refused: the first hit that stops it (a certain promise always; an uncertain one in a display
 *    name, which is shown at once; a personal number where the place refuses them), with the code and
 *    the words the writer reads;
 *  - otherwise the text to store (personal numbers masked where the place keeps the text), what was
 *    masked, and whether an uncertain promise holds it for a reviewer.
 */
export type PolicyVerdict =
  | { kind: 'refused'; hit: PolicyHit; code: number; message: string }
  | {
      kind: 'ok';
      text: string;
      masked: { rule: PersonalRuleCode; tail: string }[];
      /**
       * An uncertain promise: the text may be stored, but it reaches nobody but its writer until a reviewer
       * approves it (the writer reads `message`, 待合规审核…). Null when the text may be published at once.
       */
      held: { hit: PolicyHit; message: string } | null;
    };

export interface ScreenOptions {
  /**
   * How the text sounds (homophones, pinyin typed in Latin letters): `readPinyin` of pinyin-reader.ts. Null only in
   * a browser that has not loaded it yet, whose hint then misses what only sounds like a promise (the server, which
   * always passes it, still refuses or holds the text).
   */
  pinyin: PinyinReader | null;
  toSimplified?: ToSimplified;
  /** Questions also refuse the store's sensitive words. */
  sensitiveWords?: boolean;
}

export function screenText(text: string, place: PolicyPlace, options: ScreenOptions): PolicyVerdict {
  const toSimplified = options.toSimplified ?? subsetToSimplified;
  const refuse = (hit: PolicyHit): PolicyVerdict => ({
    kind: 'refused',
    hit,
    code: policyErrorCode(hit),
    message: policyMessage(hit, place),
  });
  if (options.sensitiveWords) {
    const word = findSensitiveWord(compactForm(text, toSimplified));
    if (word) return refuse({ rule: 'sensitive_word', word });
  }
  const promise = findPromise(text, toSimplified, options.pinyin);
  const hit = promise && { rule: promise.rule, word: promise.word };
  // A display name is shown the moment it is saved: there is no one to hold it for.
  if (hit && (promise.certain || place === 'name')) return refuse(hit);
  const held = hit && { hit, message: heldMessage(hit, place) };
  const numbers = findPersonalNumbers(text);
  if (numbers.length === 0) return { kind: 'ok', text, masked: [], held };
  if (POLICY_PLACES[place].personal === 'refuse') return refuse({ rule: numbers[0]!.rule, tail: numbers[0]!.tail });
  return {
    kind: 'ok',
    text: maskPersonalNumbers(text, numbers),
    masked: numbers.map((n) => ({ rule: n.rule, tail: n.tail })),
    held,
  };
}
