import { PROMISE_RULES } from '../../../api/contract/content-policy';
import { subsetToSimplified } from '..';
import { compactForm, findPromise } from '../match';

const find = (text: string) => findPromise(compactForm(text, subsetToSimplified));

describe('findPromise', () => {
  // First in the file on purpose: the rules compile once per module, in whichever test calls them first.
  test('every word of every rule is reported as itself under its rule; its disclosure is not', () => {
    for (const { code, words } of PROMISE_RULES) {
      for (const word of words) expect([word, find(word)]).toEqual([word, { rule: code, word }]);
    }
    expect(find('本产品不保本')).toBeNull();
    expect(find('零风险的投资并不存在')).toBeNull();
  });

  test('the earliest promise in the text wins, whichever rule finds it', () => {
    expect(find('稳赚，保本')).toEqual({ rule: 'promise_return', word: '稳赚' });
    expect(find('保本，稳赚不赔')).toEqual({ rule: 'promise_principal', word: '保本' });
  });

  test('at the same start the longer match wins', () => {
    expect(find('稳赚不赔')).toEqual({ rule: 'promise_sure_profit', word: '稳赚不赔' });
    expect(find('保证赚钱保证收益')).toEqual({ rule: 'promise_return', word: '保证赚钱保证收益' });
  });

  test('a term of art excuses only the words inside it', () => {
    expect(find('以无风险利率为基准')).toBeNull();
    expect(find('无风险利率无风险')).toEqual({ rule: 'promise_no_risk', word: '无风险' });
    expect(find('这只基金无风险，无风险利率另算')).toEqual({ rule: 'promise_no_risk', word: '无风险' });
  });

  test('a disclosure after the words counts characters, not UTF-16 units', () => {
    // Five characters outside the Basic Plane sit between the words and 不存在: within the eight allowed.
    expect(find('保本𠀀𠀀𠀀𠀀𠀀不存在')).toBeNull();
    expect(find('保本𠀀𠀀𠀀𠀀𠀀𠀀𠀀𠀀𠀀不存在')).toEqual({ rule: 'promise_principal', word: '保本' });
  });
});

describe('compactForm', () => {
  test('lower case, no spaces, punctuation or invisible characters, simplified', () => {
    expect(compactForm('ABC 保\u200b本，穩賺!', subsetToSimplified)).toBe('abc保本稳赚');
  });
});
