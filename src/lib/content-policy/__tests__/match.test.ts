import { PROMISE_RULES } from '../../../api/contract/content-policy';
import { subsetToSimplified } from '..';
import { compactForm, findPromise, findPromises, sentences } from '../match';
import { readPinyin } from '../pinyin-reader';

const find = (text: string) => findPromise(text, subsetToSimplified, readPinyin);
const rule = (text: string) => find(text)?.rule ?? null;

describe('findPromise', () => {
  // First in the file on purpose: the rules compile once per module, in whichever test calls them first.
  test('every word of every rule is reported as itself under its rule, certain; its disclosure is not', () => {
    for (const { code, words } of PROMISE_RULES) {
      for (const word of words) expect([word, find(word)]).toEqual([word, { rule: code, word, certain: true }]);
    }
    expect(find('本产品不保本')).toBeNull();
    expect(find('零风险的投资并不存在')).toBeNull();
  });

  test('the earliest promise in the text wins, whichever rule finds it', () => {
    expect(find('稳赚，保本')).toEqual({ rule: 'promise_return', word: '稳赚', certain: true });
    expect(find('保本，稳赚不赔')).toEqual({ rule: 'promise_principal', word: '保本', certain: true });
  });

  test('at the same start the longer match wins', () => {
    expect(find('稳赚不赔')).toEqual({ rule: 'promise_sure_profit', word: '稳赚不赔', certain: true });
  });

  test('a certain promise is reported before an earlier uncertain one', () => {
    expect(find('宝本，亏了我补')).toEqual({ rule: 'promise_loss_cover', word: '亏了我补', certain: true });
    expect(find('宝本的')).toEqual({ rule: 'promise_principal', word: '宝本', certain: false });
  });

  test('a term of art excuses only the words inside it', () => {
    expect(find('以无风险利率为基准')).toBeNull();
    expect(rule('无风险利率，无风险')).toBe('promise_no_risk');
    expect(find('这只基金无风险，无风险利率另算')).toEqual({ rule: 'promise_no_risk', word: '无风险', certain: true });
    expect(find('the risk-free rate is 2%')).toBeNull();
    expect(rule('risk-free, 2%')).toBe('promise_no_risk');
  });
});

describe('what is said: clauses, questions, negations, wishes', () => {
  test('a question about the words passes, in its clause, with or without the question mark', () => {
    for (const text of [
      '请问这只基金保本吗？',
      '这只基金保本吗',
      '会不会亏本金',
      '是否保本',
      '能保证收益不',
      'Is it risk-free?',
    ])
      expect([text, find(text)]).toEqual([text, null]);
  });

  test('a question in another sentence or clause does not excuse a statement', () => {
    expect(rule('还怕亏吗？我们兜底')).toBe('promise_loss_cover');
    expect(rule('保本吗我们兜底')).toBe('promise_loss_cover');
    expect(rule('保本保息，了解一下？')).toBe('promise_principal');
    expect(rule('保本的产品，欢迎来问？')).toBe('promise_principal');
  });

  test('a short question right after the words asks about them', () => {
    expect(find('保本的，有吗？')).toBeNull();
    // The short question must be the whole clause.
    expect(rule('保本的，有吗我们兜底')).toBe('promise_principal');
  });

  test('rhetoric is no question', () => {
    expect(rule('稳赚的，还等什么？')).toBe('promise_return');
    expect(rule('难道还会亏吗？')).toBe('promise_sure_profit');
    expect(rule('稳赚的机会您还不抓住吗？')).toBe('promise_return');
    expect(rule('哪有什么风险？')).toBe('promise_no_risk');
  });

  test('a negation just before the words, in their clause, makes a disclosure', () => {
    for (const text of ['不保本', '不承诺保本', '没有人能保证收益', '非保本浮动收益', '并非无风险', '严禁承诺保本'])
      expect([text, find(text)]).toEqual([text, null]);
    // …but not across a clause, and not when it is reassurance.
    expect(rule('不，保本')).toBe('promise_principal');
    expect(rule('不用担心保本的')).toBe('promise_principal');
    expect(rule('不仅保本还有收益')).toBe('promise_principal');
    expect(rule('不到一个月就稳赚')).toBe('promise_return');
    expect(rule('非常安全，零风险')).toBe('promise_no_risk');
  });

  test('a debunking after the words, in their sentence, makes a disclosure', () => {
    expect(find('保本型产品已经退出市场')).toBeNull();
    expect(find('零风险是骗局')).toBeNull();
    expect(find('保本承诺不违规')).toEqual({ rule: 'promise_principal', word: '保本', certain: true });
    expect(rule('保本。已经退出市场的是别的')).toBe('promise_principal');
  });

  test('难道, 哪有, 谁说 deny what follows, unless a negation turns it back; their own rule words always promise', () => {
    expect(find('哪有保本的产品？现在都不保本')).toBeNull();
    expect(find('难道保本吗？')).toBeNull();
    expect(find('谁说基金保本？')).toBeNull();
    expect(rule('难道您不想要稳赚的收益吗？')).toBe('promise_return');
    expect(rule('谁说理财会亏？')).toBe('promise_sure_profit');
    expect(rule('怎么可能亏？')).toBe('promise_sure_profit');
  });

  test('a question the writer answers at once with a promise, across the question mark', () => {
    expect(find('风险？不存在的')).toEqual({ rule: 'promise_no_risk', word: '风险不存在', certain: true });
    expect(rule('会亏吗？不会！')).toBe('promise_sure_profit');
    expect(find('风险？请看说明书')).toBeNull();
    expect(find('会亏吗？会的，请谨慎')).toBeNull();
  });

  test('hearsay asked about is reported, not said; a mention of the topic is no claim', () => {
    expect(find('听说你们的产品保本，能确认一下吗？')).toBeNull();
    expect(rule('听说你们的产品保本，快来买')).toBe('promise_principal');
    expect(rule('听说你们的产品保本，还等什么？')).toBe('promise_principal');
    expect(find('您上次问的保本问题，我查了一下')).toBeNull();
    expect(find('关于保本的问题')).toBeNull();
    expect(rule('到期兑付本金没问题')).toBe('promise_rigid_redemption');
  });

  test("a customer's wish is no promise, but a wish does not excuse a loss cover", () => {
    expect(find('我想要保本的产品')).toBeNull();
    expect(find('我只能接受保本的')).toBeNull();
    expect(rule('担心亏损我们兜底')).toBe('promise_loss_cover');
  });
});

describe('the channels', () => {
  test('Latin letters between characters are removed: a certain promise', () => {
    expect(find('保b本')).toEqual({ rule: 'promise_principal', word: '保本', certain: true });
    expect(find('零xx风险')).toEqual({ rule: 'promise_no_risk', word: '零风险', certain: true });
    expect(find('ETF本周保持稳定')).toBeNull();
  });

  test('homophones and pinyin are held, never refused', () => {
    expect(find('宝本')).toEqual({ rule: 'promise_principal', word: '宝本', certain: false });
    expect(find('bao ben')).toEqual({ rule: 'promise_principal', word: 'baoben', certain: false });
    expect(find('保ben')).toEqual({ rule: 'promise_principal', word: '保ben', certain: false });
    expect(find('wenzhuan')).toEqual({ rule: 'promise_return', word: 'wenzhuan', certain: false });
  });

  test('a homophone must keep one character of the word and avoid the ordinary words named', () => {
    expect(find('本文转载自证券时报')).toBeNull(); // wen zhuan, no character of 稳赚
    expect(find('季报收益率')).toBeNull(); // 报 is named as ordinary for bao…
    expect(find('我刚对了一下')).toBeNull(); // gangdui only in Latin letters
    expect(find('gangdui')).toEqual({ rule: 'promise_rigid_redemption', word: 'gangdui', certain: false });
  });

  test('a homophone that is asked about or negated is excused like the word', () => {
    expect(find('宝本吗？')).toBeNull();
    expect(find('不宝本')).toBeNull();
  });

  test('weak forms are held', () => {
    expect(find('这个产品政府兜底')).toEqual({ rule: 'promise_principal', word: '兜底', certain: false });
    expect(find('政策兜底预期增强')).toBeNull();
    expect(find('从来没亏过')).toMatchObject({ rule: 'promise_sure_profit', certain: false });
  });

  test('every match is listed, ordered by place', () => {
    expect(findPromises('保本，稳赚', subsetToSimplified, readPinyin).map((m) => m.word)).toEqual(['保本', '稳赚']);
  });
});

describe('sentences', () => {
  test('cut at sentence punctuation, clauses at commas and line breaks; decimals read 点; % stays', () => {
    expect(sentences('年化5.5%，保本？好的。 不,行\n吧', subsetToSimplified)).toEqual([
      {
        text: '年化5点5%保本',
        clauses: [
          { text: '年化5点5%', start: 0, asked: false },
          { text: '保本', start: 6, asked: true },
        ],
      },
      { text: '好的', clauses: [{ text: '好的', start: 0, asked: false }] },
      {
        text: '不行吧',
        clauses: [
          { text: '不', start: 0, asked: false },
          { text: '行', start: 1, asked: false },
          { text: '吧', start: 2, asked: false },
        ],
      },
    ]);
  });

  test('a question mark after nothing marks the clause before it', () => {
    expect(sentences('保本 ？', subsetToSimplified)[0]!.clauses).toEqual([{ text: '保本', start: 0, asked: true }]);
  });
});

describe('compactForm', () => {
  test('lower case, no spaces, punctuation or invisible characters, simplified', () => {
    expect(compactForm('ABC 保\u200b本，穩賺!', subsetToSimplified)).toBe('abc保本稳赚');
  });
});
