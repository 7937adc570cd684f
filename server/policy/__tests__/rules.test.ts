import fs from 'node:fs';
import path from 'node:path';

import { type ScreenOptions, screenText as screenWith } from '../../../src/lib/content-policy';
import { CLEAN_CASES, NUMBER_CASES, PROMISE_CASES } from '../../../src/lib/content-policy/__tests__/cases';
import { readPinyin } from '../../../src/lib/content-policy/pinyin-reader';
import { screen } from '../content-policy';
import { toSimplified } from '../simplify';
import { policyT2sSource } from '../t2s-source';

/** The client's verdict once its pinyin reader has loaded (it loads with the first character typed). */
const screenText = (text: string, place: Parameters<typeof screenWith>[1], options: Partial<ScreenOptions> = {}) =>
  screenWith(text, place, { pinyin: readPinyin, ...options });

describe("content policy with OpenCC's full tables (the server)", () => {
  test.each(PROMISE_CASES)('refuses %j as %s', (text, rule) => {
    expect(screen(text, 'answer')).toMatchObject({ kind: 'refused', hit: { rule } });
  });

  test.each(CLEAN_CASES)('passes %j', (text) => {
    expect(screen(text, 'answer').kind).toBe('ok');
  });

  test("the client's subset decides every case as the full tables do", () => {
    for (const [text] of [...PROMISE_CASES, ...CLEAN_CASES.map((c) => [c] as const), ...NUMBER_CASES]) {
      expect([text, screenText(text, 'question')]).toEqual([text, screen(text, 'question')]);
    }
  });

  test('a traditional homophone is held on both sides (寶 is in the subset since a rule names 余额宝)', () => {
    for (const verdict of [screen('寶本', 'answer'), screenText('寶本', 'answer')]) {
      expect(verdict).toMatchObject({ kind: 'ok', held: { hit: { rule: 'promise_principal', word: '宝本' } } });
    }
  });

  test('OpenCC converts Taiwan and Hong Kong forms', () => {
    expect(toSimplified('穩賺 保證收益 零風險 絕對不會虧')).toBe('稳赚 保证收益 零风险 绝对不会亏');
  });

  test('the committed subset table is what OpenCC gives today (npx tsx scripts/gen-policy-t2s.ts)', () => {
    const committed = fs.readFileSync(path.resolve(__dirname, '../../../src/lib/content-policy/t2s.ts'), 'utf8');
    expect(committed).toBe(policyT2sSource());
  });
});
