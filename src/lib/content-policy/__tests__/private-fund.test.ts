import { findPrivateFundPromotion, normaliseForPrivateFund } from '../private-fund';

/** Pitches of a private fund, named or not: each is promotion (it may go out only linked to its product). */
const PITCHES = [
  '我们合作的一只CTA趋势私募产品本周开放申购，近一年收益18.6%，100万起投，私信我预约额度',
  '仅限合格投资者，100 万元起投',
  '阳光私募精选：管理人十年业绩，欢迎咨询',
  '量化私募新品首发，名额有限',
  '私募证券投资基金，认购起点100万元',
  '高净值客户专属：一只对冲基金本月开放',
  '市场中性策略产品，今年以来收益6.2%，适合稳健的您',
  '这只CTA今年表现亮眼，净值创新高',
  '一百万起投，锁定期一年，私信了解',
  '百万起投的量化对冲，年化回撤控制在5%以内',
  '對沖基金開放認購，合格投資者可預約',
  '专为合格投资者准备的私募基金，门槛100万',
  'A hedge fund for accredited investors, returns of 18% last year',
  '起投金额为100万，封闭期6个月',
  'CTA 私募 本周 开放 申购',
];

/** Ordinary texts that are not a private-fund pitch, including disclaimers that deny one. */
const ORDINARY = [
  '公募基金定投：每月500元起，长期坚持',
  '本产品不是私募基金，属于公开募集证券投资基金',
  '本材料不构成私募产品推介，仅供投资者教育',
  '本基金为公募基金，非私募基金，面向社会公众发售',
  '私募基金和公募基金有什么区别？',
  '私募基金入门：认识与选择',
  'CTA策略是什么？一文读懂管理期货',
  '沪深300指数增强C，近一年收益8.2%，数据来源：基金定期报告',
  '货币基金七日年化收益率2.1%，随存随取',
  '债券基金的久期与利率风险',
  '本基金不是对冲基金，不使用杠杆',
  '养老目标基金：三步开户，每年12000元额度',
  '红利低波：震荡市的压舱石',
  'This fund is not a hedge fund and is sold to the public',
  '账户资产达到100万，可以考虑分散配置到债券和指数基金',
  '非常适合长期定投的宽基指数',
  '私募基金和公募基金有什么区别？本文不涉及具体产品，仅作投资者教育。',
];

describe('private-fund promotion classifier', () => {
  test.each(PITCHES)('pitch: %s', (text) => {
    const found = findPrivateFundPromotion(text);
    expect(found.promotion).toBe(true);
    expect(found.signals.length).toBeGreaterThan(0);
  });

  test.each(ORDINARY)('not a pitch: %s', (text) => {
    expect(findPrivateFundPromotion(text).promotion).toBe(false);
  });

  test('says which words made it a pitch', () => {
    expect(findPrivateFundPromotion('仅限合格投资者，100 万元起投').signals).toEqual([
      { kind: 'audience', word: '合格投资者' },
      { kind: 'threshold', word: '100万元起投' },
    ]);
    expect(findPrivateFundPromotion('这只CTA今年表现亮眼').signals).toEqual([{ kind: 'kind', word: 'cta' }]);
  });

  test('a denial covers only its own clause: a pitch elsewhere in the text still counts', () => {
    expect(findPrivateFundPromotion('本产品不是私募基金。另有一只私募产品本周开放申购').promotion).toBe(true);
  });

  test('a kind word alone, or one with a pitch word only inside the kind word, is talk about the kind', () => {
    expect(findPrivateFundPromotion('私募产品').promotion).toBe(false);
    expect(findPrivateFundPromotion('私募产品有哪些特点').promotion).toBe(false);
    expect(findPrivateFundPromotion('私募产品的业绩如何').promotion).toBe(true);
  });

  test('normalises width, traditional characters, case and spaces, keeping one space between Latin words', () => {
    expect(normaliseForPrivateFund('ＣＴＡ 對沖 100 萬')).toBe('cta对冲100万');
    expect(normaliseForPrivateFund('Hedge  Fund')).toBe('hedge fund');
  });
});
