import { type ScreenOptions, screenText as screenWith } from '..';
import { readPinyin } from '../pinyin-reader';
import { ORDINARY as FIRST_ORDINARY, ORDINARY_SIXTH } from './corpus/ordinary';
import { FIFTH_BATCH, FOURTH_BATCH, PROMISES, SECOND_BATCH, SIXTH_BATCH, THIRD_BATCH } from './corpus/promises';

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

describe('the corpus, with the client subset table', () => {
  test('holds at least 200 promise forms of every kind and 150 ordinary texts', () => {
    expect(promiseRows.length).toBeGreaterThanOrEqual(400);
    expect(ORDINARY.length).toBeGreaterThanOrEqual(270);
    for (const texts of Object.values(PROMISES)) expect(texts.length).toBeGreaterThanOrEqual(10);
  });

  test.each(promiseRows)('a %s is refused or held: %j', (_kind, text) => {
    const verdict = screenText(text, 'answer');
    expect(verdict.kind === 'refused' || verdict.held !== null).toBe(true);
  });

  test.each(ORDINARY)('passes %j untouched', (text) => {
    expect(screenText(text, 'answer')).toEqual({ kind: 'ok', text, masked: [], held: null });
  });
});
