import { type ScreenOptions, screenText as screenWith } from '../../../src/lib/content-policy';
import { ORDINARY as FIRST_ORDINARY, ORDINARY_SIXTH } from '../../../src/lib/content-policy/__tests__/corpus/ordinary';
import {
  FIFTH_BATCH,
  FOURTH_BATCH,
  PROMISES,
  SECOND_BATCH,
  SIXTH_BATCH,
  THIRD_BATCH,
} from '../../../src/lib/content-policy/__tests__/corpus/promises';
import { readPinyin } from '../../../src/lib/content-policy/pinyin-reader';
import { screen } from '../content-policy';

/** The client's verdict once its pinyin reader has loaded (it loads with the first character typed). */
const screenText = (text: string, place: Parameters<typeof screenWith>[1], options: Partial<ScreenOptions> = {}) =>
  screenWith(text, place, { pinyin: readPinyin, ...options });

const ORDINARY = [...FIRST_ORDINARY, ...ORDINARY_SIXTH];
const promiseRows = [
  ...Object.entries(PROMISES).flatMap(([kind, texts]) => texts.map((text) => [kind, text] as const)),
  ...SECOND_BATCH.map((text) => ['promise of the second batch', text] as const),
  ...THIRD_BATCH.map((text) => ['promise of the third batch', text] as const),
  ...FOURTH_BATCH.map((text) => ['promise of the fourth batch', text] as const),
  ...FIFTH_BATCH.map((text) => ['promise of the fifth batch', text] as const),
  ...SIXTH_BATCH.map((text) => ['promise of the sixth batch', text] as const),
];
/** What decides a text, whichever table read it: refused or held under which rule, or passed. */
const outcome = (v: ReturnType<typeof screen>) =>
  v.kind === 'refused' ? ['refused', v.hit.rule] : v.held ? ['held', v.held.hit.rule] : ['ok'];

describe("the corpus, with OpenCC's full tables (the server)", () => {
  test.each(promiseRows)('a %s is refused or held: %j', (_kind, text) => {
    expect(outcome(screen(text, 'answer'))[0]).not.toBe('ok');
  });

  test.each(ORDINARY)('passes %j untouched', (text) => {
    expect(screen(text, 'answer')).toEqual({ kind: 'ok', text, masked: [], held: null });
  });

  test("the client's subset decides every row as the full tables do", () => {
    for (const text of [...promiseRows.map(([, t]) => t), ...ORDINARY])
      expect([text, outcome(screenText(text, 'answer'))]).toEqual([text, outcome(screen(text, 'answer'))]);
  });
});
