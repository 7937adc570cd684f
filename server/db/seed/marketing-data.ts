import type { ProductKind, ProductRiskLevel } from '../../../src/api/contract/market-map-constants';

/** Seed vocabulary for the adviser workbench: products, tags, materials, banks. */
export interface SeedProduct {
  code: string;
  name: string;
  kind: ProductKind;
  risk: ProductRiskLevel;
  qualifiedOnly: boolean;
  /** Daily volatility of the NAV walk (fraction). */
  vol: number;
  /** Days from the base instant to maturity (closed-end), or null. */
  maturityInDays: number | null;
  benchmark: string;
}

export const SEED_PRODUCTS: readonly SeedProduct[] = [
  {
    code: '000198',
    name: '货币宝现金管理',
    kind: 'money_fund',
    risk: 'R1',
    qualifiedOnly: false,
    vol: 0,
    maturityInDays: null,
    benchmark: '七天通知存款利率',
  },
  {
    code: '004137',
    name: '稳利宝货币A',
    kind: 'money_fund',
    risk: 'R1',
    qualifiedOnly: false,
    vol: 0,
    maturityInDays: null,
    benchmark: '七天通知存款利率',
  },
  {
    code: '110017',
    name: '诺亚稳健增利债券A',
    kind: 'bond',
    risk: 'R2',
    qualifiedOnly: false,
    vol: 0.0015,
    maturityInDays: null,
    benchmark: '中债综合指数',
  },
  {
    code: '519718',
    name: '安心纯债六个月定开',
    kind: 'bond',
    risk: 'R2',
    qualifiedOnly: false,
    vol: 0.001,
    maturityInDays: 4,
    benchmark: '中债综合指数',
  },
  {
    code: '006662',
    name: '恒信短债C',
    kind: 'bond',
    risk: 'R2',
    qualifiedOnly: false,
    vol: 0.0008,
    maturityInDays: null,
    benchmark: '中债短期纯债指数',
  },
  {
    code: '001938',
    name: '红利低波精选混合',
    kind: 'mixed',
    risk: 'R3',
    qualifiedOnly: false,
    vol: 0.009,
    maturityInDays: null,
    benchmark: '沪深300×60%+中债×40%',
  },
  {
    code: '163406',
    name: '远见价值平衡混合',
    kind: 'mixed',
    risk: 'R3',
    qualifiedOnly: false,
    vol: 0.011,
    maturityInDays: null,
    benchmark: '沪深300×50%+中债×50%',
  },
  {
    code: '005827',
    name: '消费升级精选股票',
    kind: 'equity',
    risk: 'R4',
    qualifiedOnly: false,
    vol: 0.012,
    maturityInDays: null,
    benchmark: '中证消费指数×80%',
  },
  {
    code: '001717',
    name: '科技创新先锋股票',
    kind: 'equity',
    risk: 'R4',
    qualifiedOnly: false,
    vol: 0.014,
    maturityInDays: null,
    benchmark: '中证科技100×80%',
  },
  {
    code: '000961',
    name: '沪深300指数增强C',
    kind: 'index',
    risk: 'R4',
    qualifiedOnly: false,
    vol: 0.012,
    maturityInDays: null,
    benchmark: '沪深300指数',
  },
  {
    code: '161725',
    name: '中证白酒指数',
    kind: 'index',
    risk: 'R4',
    qualifiedOnly: false,
    vol: 0.013,
    maturityInDays: null,
    benchmark: '中证白酒指数',
  },
  {
    code: 'SX1288',
    name: '星辰量化中性1号私募',
    kind: 'private_fund',
    risk: 'R4',
    qualifiedOnly: true,
    vol: 0.004,
    maturityInDays: null,
    benchmark: '年化 6%',
  },
  {
    code: 'SY2031',
    name: '远望CTA趋势私募',
    kind: 'private_fund',
    risk: 'R5',
    qualifiedOnly: true,
    vol: 0.012,
    maturityInDays: null,
    benchmark: '无',
  },
  {
    code: 'SH0907',
    name: '恒信股票多头私募',
    kind: 'private_fund',
    risk: 'R5',
    qualifiedOnly: true,
    vol: 0.013,
    maturityInDays: 6,
    benchmark: '无',
  },
  {
    code: 'ZG6601',
    name: '稳盈一年期资管计划',
    kind: 'am_plan',
    risk: 'R2',
    qualifiedOnly: true,
    vol: 0.0005,
    maturityInDays: 3,
    benchmark: '业绩比较基准 3.6%',
  },
  {
    code: 'ZG6612',
    name: '鑫享两年期资管计划',
    kind: 'am_plan',
    risk: 'R3',
    qualifiedOnly: true,
    vol: 0.001,
    maturityInDays: 40,
    benchmark: '业绩比较基准 4.2%',
  },
];

export const CUSTOMER_TAGS: readonly string[] = [
  '高净值',
  '新客',
  '定投客户',
  '养老规划',
  '子女教育',
  '企业主',
  '保守型',
  '偏好固收',
  '关注私募',
  '沉睡客户',
];
export const BANKS: readonly string[] = ['招商银行', '工商银行', '建设银行', '中国银行', '交通银行', '浦发银行'];
export const MATERIALS: readonly string[] = [
  '2025 年下半年资产配置展望',
  '固收+ 产品一图读懂',
  '个人养老金开户指南',
  '私募基金合格投资者须知',
  '降息周期下的现金管理',
];
export const SEARCHES: readonly string[] = ['养老', '私募', '定投', '短债', '黄金', '红利'];
export const LIVE_QUESTIONS: readonly string[] = [
  '请问现在适合定投吗？',
  '固收+的回撤一般有多大？',
  '私募起投门槛是多少？',
  '养老金账户怎么开？',
  '美元资产现在还能配吗？',
];
export const CLUE_TITLES: Record<'live_visitor' | 'invitation' | 'material_reader' | 'manual', string> = {
  live_visitor: '直播中留下手机号，希望顾问联系',
  invitation: '经老客户邀请注册',
  material_reader: '阅读转发的文章后留资',
  manual: '网点到访登记',
};
export const HANDLE_NOTES: readonly string[] = [
  '已电话沟通，客户考虑中',
  '约了下周面谈',
  '客户表示暂不需要',
  '已发送产品资料',
  '客户已完成申购',
];
