import { heldMessage, policyMessage, policyReason, PROMISE_RULES } from '../../../api/contract/content-policy';
import {
  classifyDigits,
  findPersonalNumbers,
  maskPersonalNumbers,
  type ScreenOptions,
  screenText as screenWith,
} from '..';
import { readPinyin } from '../pinyin-reader';
import { CLEAN_CASES, NUMBER_CASES, PROMISE_CASES } from './cases';

const screenText = (text: string, place: Parameters<typeof screenWith>[1], options: Partial<ScreenOptions> = {}) =>
  screenWith(text, place, { pinyin: readPinyin, ...options });

describe('content policy with the client subset table', () => {
  test('the table holds at least 60 disguised promises', () => {
    expect(PROMISE_CASES.length).toBeGreaterThanOrEqual(60);
  });

  test.each(PROMISE_CASES)('refuses %j as %s', (text, rule) => {
    const verdict = screenText(text, 'question');
    expect(verdict).toMatchObject({ kind: 'refused', code: 180104, hit: { rule } });
  });

  test.each(CLEAN_CASES)('passes the disclosure or plain sentence %j', (text) => {
    expect(screenText(text, 'answer')).toEqual({ kind: 'ok', text, masked: [], held: null });
  });

  test.each(NUMBER_CASES)('reads %j as %s', (text, rule) => {
    expect(findPersonalNumbers(text).map((h) => h.rule)).toEqual(rule ? [rule] : []);
  });

  test('the reason names the rule and the word as the server sends it', () => {
    expect(screenText('稳\u200d赚', 'question')).toMatchObject({
      message: '提问含有保本保收益类承诺用语「稳赚」，请修改后再提交',
    });
    expect(screenText('穩賺', 'answer')).toMatchObject({
      message: '回答含有保本保收益类承诺用语「稳赚」，请修改后再提交',
    });
    expect(screenText('我的身份证11010519491231002X', 'question')).toMatchObject({
      code: 180190,
      message: '请勿在提问中填写身份证号，请删除后再提交',
    });
    expect(policyMessage({ rule: 'mobile', tail: '8000' }, 'answer')).toBe('请勿在回答中填写手机号，请删除后再提交');
  });

  test('a leave-message keeps its words and hides the numbers; the hit carries only the last four digits', () => {
    const verdict = screenText('请回电13800138000，卡号6222 0212 3456 7890 128', 'leave_message');
    expect(verdict).toEqual({
      kind: 'ok',
      text: '请回电【已隐去手机号】，卡号【已隐去银行卡号】',
      masked: [
        { rule: 'mobile', tail: '8000' },
        { rule: 'bank_card', tail: '0128' },
      ],
      held: null,
    });
  });

  test('a promise is refused even where numbers are only masked', () => {
    expect(screenText('保本，回电13800138000', 'leave_message')).toMatchObject({
      kind: 'refused',
      hit: { rule: 'promise_principal' },
    });
  });

  test('masking finds an ID and a phone written side by side', () => {
    expect(maskPersonalNumbers('110101199003074573 13800138000')).toBe('【已隐去身份证号】 【已隐去手机号】');
  });

  test('shapes on both sides of each boundary, checksums ignored', () => {
    expect(classifyDigits('62258801234567')).toBeNull(); // 14 digits
    expect(classifyDigits('622588012345678')).toBe('id_number'); // 15: the old ID form
    expect(classifyDigits('6225880123456784')).toBe('bank_card'); // 16, fails Luhn
    expect(classifyDigits('62258801234567840')).toBe('bank_card'); // 17
    expect(classifyDigits('6222021234567890127')).toBe('bank_card'); // 19, fails Luhn
    expect(classifyDigits('62284804025648900181')).toBeNull(); // 20: too long
    expect(classifyDigits('13800138000')).toBe('mobile');
    expect(classifyDigits('12800138000')).toBeNull(); // second digit 2
    expect(classifyDigits('1380013800')).toBeNull(); // 10 digits
    expect(classifyDigits('11010519491231002X')).toBe('id_number');
    expect(classifyDigits('110105194912310021')).toBe('id_number'); // wrong check digit
    expect(classifyDigits('1101051949123100X')).toBeNull(); // X after 16 digits
    expect(classifyDigits('11010519491231002Y')).toBeNull();
  });

  test("questions refuse the store's sensitive words in disguise too", () => {
    expect(screenText('有沒有內幕消息', 'question', { sensitiveWords: true })).toMatchObject({
      code: 180103,
      message: '提问包含敏感词「内幕消息」，请修改后再提交',
    });
  });

  test('sensitive words are only refused where asked for; a question without one passes', () => {
    expect(screenText('有沒有內幕消息', 'question')).toEqual({
      kind: 'ok',
      text: '有沒有內幕消息',
      masked: [],
      held: null,
    });
    expect(screenText('现在适合定投吗？', 'question', { sensitiveWords: true })).toEqual({
      kind: 'ok',
      text: '现在适合定投吗？',
      masked: [],
      held: null,
    });
  });

  test('an uncertain promise is held: the text is kept as written, with the hit and the words its writer reads', () => {
    expect(screenText('这款宝本理财', 'answer')).toEqual({
      kind: 'ok',
      text: '这款宝本理财',
      masked: [],
      held: {
        hit: { rule: 'promise_principal', word: '宝本' },
        message: '待合规审核：回答中「宝本」疑似保本类承诺用语，审核通过前仅您本人可见',
      },
    });
  });

  test('a held text still has its numbers masked where the place keeps the text, and refused where it does not', () => {
    expect(screenText('baoben，回电13800138000', 'leave_message')).toMatchObject({
      kind: 'ok',
      text: 'baoben，回电【已隐去手机号】',
      masked: [{ rule: 'mobile', tail: '8000' }],
      held: { hit: { rule: 'promise_principal', word: 'baoben' } },
    });
    expect(screenText('baoben，回电13800138000', 'question')).toMatchObject({
      kind: 'refused',
      hit: { rule: 'mobile' },
    });
  });

  test('a display name is shown at once: an uncertain promise there is refused, a certain one first', () => {
    expect(screenText('宝本哥', 'name')).toMatchObject({ kind: 'refused', code: 180104, hit: { word: '宝本' } });
    expect(screenText('稳赚宝本', 'name')).toMatchObject({ kind: 'refused', hit: { word: '稳赚' } });
  });

  test('a certain promise is refused even when an uncertain one comes first', () => {
    expect(screenText('宝本，年化不低于8%', 'answer')).toMatchObject({
      kind: 'refused',
      hit: { rule: 'promise_return', word: '年化不低于8%' },
    });
  });

  test('every rule has a label and a reason the writer reads; numbers and sensitive words have none', () => {
    for (const r of PROMISE_RULES) {
      expect(policyReason({ rule: r.code, word: 'x' })).toBe(`${r.label}：${r.reason}`);
      expect(heldMessage({ rule: r.code, word: 'x' }, 'article')).toBe(
        `待合规审核：文章中「x」疑似${r.label}类承诺用语，审核通过前仅您本人可见`,
      );
    }
    expect(new Set(PROMISE_RULES.map((r) => r.code)).size).toBe(7);
    expect(policyReason({ rule: 'mobile', tail: '8000' })).toBeNull();
    expect(policyReason({ rule: 'sensitive_word', word: '荐股' })).toBeNull();
  });
});
