import fc from 'fast-check';

import { classifyDigits, findPersonalNumbers, maskPersonalNumbers } from '..';
import { searchPersonalNumbers } from '../numbers';

const rules = (text: string) => findPersonalNumbers(text).map((h) => h.rule);

describe('classifyDigits', () => {
  test('a 15-digit old ID counts, valid or not', () => {
    expect(classifyDigits('130503670401001')).toBe('id_number');
    expect(classifyDigits('110101900307123')).toBe('id_number');
  });

  test('a mobile is exactly 11 digits, or 13 with the country code 86 in front', () => {
    expect(classifyDigits('138001380001')).toBeNull();
    expect(classifyDigits('8613800138000')).toBe('mobile');
    expect(classifyDigits('8612800138000')).toBeNull();
    expect(classifyDigits('08613800138000')).toBeNull();
    expect(classifyDigits('86138001380001')).toBeNull();
    expect(classifyDigits('861380013800')).toBeNull();
  });

  test('no digits, no number', () => {
    expect(classifyDigits('')).toBeNull();
    expect(classifyDigits('X')).toBeNull();
  });
});

describe('findPersonalNumbers', () => {
  test('+86 belongs to the number it is written before', () => {
    expect(findPersonalNumbers('+86 139 1234 5678')).toEqual([{ rule: 'mobile', start: 1, end: 17, tail: '5678' }]);
    expect(maskPersonalNumbers('+86 139 1234 5678')).toBe('+【已隐去手机号】');
  });

  test('groups join across at most two separators, and only separators', () => {
    expect(rules('138- 0013 -8000')).toEqual(['mobile']);
    expect(rules('138 - 0013 - 8000')).toEqual([]);
    expect(rules('电话138和0013和8000')).toEqual([]);
  });

  test('a character that normalises to several is no digit, no X and no separator', () => {
    // ⒈ is "1.", ㉑ "21", ⅸ "ix", ⅺ "xi", ΄ a space and a combining accent.
    for (const text of ['13800138000⒈', '㉑13800138000', '13800138000ⅸ', '13800138000ⅺ'])
      expect([text, rules(text)]).toEqual([text, ['mobile']]);
    expect(rules('138⒈0013 8000')).toEqual([]);
    expect(rules('138΄0013΄8000')).toEqual([]);
  });

  test('an X ends an ID only right after its digits, and ends the run', () => {
    expect(rules('11010519491231002X1')).toEqual(['id_number']);
    // 17 digits and a separated X: a card-shaped number, hidden all the same.
    expect(rules('11010519491231002 X')).toEqual(['bank_card']);
  });

  test('six-digit fund codes side by side stay; one of them next to a longer group may still be a number', () => {
    expect(rules('000001 110011 161725')).toEqual([]);
    expect(rules('000001 110011')).toEqual([]);
    expect(rules('310115 19851120 4566')).toEqual(['id_number']);
  });

  test('the mask keeps the text around the number and the tail is its last four characters', () => {
    expect(findPersonalNumbers('旧证110101900307123。')).toEqual([
      { rule: 'id_number', start: 2, end: 17, tail: '7123' },
    ]);
    expect(maskPersonalNumbers('旧证110101900307123。')).toBe('旧证【已隐去身份证号】。');
  });
});

describe('the digit count that settles a text before the search', () => {
  test('eleven digits in any form the search reads are searched; ten are not a number in any form', () => {
    // Full-width, mathematical bold, superscript and subscript digits are digits after NFKC.
    for (const mobile of ['１３８００１３８０００', '𝟏𝟑𝟖𝟎𝟎𝟏𝟑𝟖𝟎𝟎𝟎', '¹³⁸⁰⁰¹³⁸⁰⁰⁰', '₁₃₈₀₀₁₃₈₀₀₀', '138​0013​8000'])
      expect([mobile, rules(mobile)]).toEqual([mobile, ['mobile']]);
    expect(rules('1380013800')).toEqual([]);
    expect(rules('资金转入 ¥1,234,567.89，2026-12-01 到账')).toEqual([]);
  });

  test('whatever the text, the answer is the search’s own', () => {
    // Texts made of what the search reads: digits in several forms, separators, X, invisible marks and words.
    // Whole numbers among them, so that texts near eleven digits come often.
    const pieces = [
      '1',
      '3',
      '8',
      '0',
      '６',
      '𝟗',
      '²',
      'X',
      'x',
      ' ',
      '-',
      '.',
      '·',
      '​',
      '́',
      '⒈',
      '㉑',
      '号',
      '元',
      '%',
    ];
    const numbers = ['13800138000', '１３８００１３８０００', '1380013800', '110101900307123', '6222021234567890'];
    fc.assert(
      fc.property(
        fc.array(fc.oneof(fc.constantFrom(...pieces), fc.constantFrom(...numbers)), { maxLength: 12 }),
        (parts) => {
          const text = parts.join('');
          expect(findPersonalNumbers(text)).toEqual(searchPersonalNumbers(text));
        },
      ),
      { numRuns: 3000 },
    );
  });
});
