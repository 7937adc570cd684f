import { screenText } from '..';
import { ORDINARY as FIRST_ORDINARY, ORDINARY_SIXTH } from './corpus/ordinary';
import { FIFTH_BATCH, FOURTH_BATCH, PROMISES, SECOND_BATCH, SIXTH_BATCH, THIRD_BATCH } from './corpus/promises';

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
