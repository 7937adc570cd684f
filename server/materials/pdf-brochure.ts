// A private fund's product brochure (产品要素), as a sales team prints it: terms, strategy, risk controls, fees and
// the risk disclosure a qualified investor signs. Six pages: the brochure's usual length.
import { fillTo, num, type PdfPageModel, type Rand } from './pdf-content';

const NAME = '星辰量化中性1号私募证券投资基金';

export function brochurePages(pages: number, rand: Rand): PdfPageModel[] {
  const cover = brochureCover();
  const terms: PdfPageModel = {
    blocks: [
      { kind: 'heading', text: '一、产品要素' },
      {
        kind: 'table',
        widths: [0.3, 0.7],
        head: ['项目', '内容'],
        rows: [
          ['产品名称', NAME],
          ['产品类型', '私募证券投资基金（契约型）'],
          ['投资策略', '股票市场中性（指数增强多头 + 股指期货对冲）'],
          ['风险等级', 'R4（中高风险）'],
          ['存续期限', '10 年，经全体份额持有人同意可展期'],
          ['认购起点', '100 万元，追加以 10 万元为单位'],
          ['开放日', '每月第三个工作日，可申购、赎回'],
          ['封闭期', '首次认购后 6 个月'],
          ['认购费', '不超过 1.00%'],
          ['管理费', '1.50% / 年，按日计提'],
          ['托管费', '0.03% / 年，按日计提'],
          ['业绩报酬', '超过年化 6% 的部分计提 20%（高水位法）'],
          ['赎回费', '持有不满 12 个月收取 1.00%，满 12 个月不收取'],
          ['预警线 / 止损线', '单位净值 0.90 / 0.85'],
          ['估值与披露', '每周披露单位净值，每季度提供运作报告'],
        ],
      },
    ],
  };
  const strategy: PdfPageModel = {
    blocks: [
      { kind: 'heading', text: '二、投资策略' },
      {
        kind: 'para',
        text: '本基金以多因子选股模型构建股票多头组合，覆盖估值、成长、质量、动量、流动性等 200 余个因子，在控制行业与风格暴露的前提下获取选股超额收益。',
      },
      {
        kind: 'para',
        text: '空头端以沪深 300、中证 500 与中证 1000 股指期货动态对冲市场系统性风险，基差成本与对冲比例每日复核，净敞口原则上控制在正负 10% 以内。',
      },
      {
        kind: 'para',
        text: '组合每日调仓，单只股票权重不超过 1.5%，持股数量通常在 800 至 1200 只之间，以分散个股风险并提高策略容量。',
      },
      {
        kind: 'bars',
        caption: `近 8 个季度超额收益（%，模拟组合，仅供参考）`,
        labels: ['23Q1', '23Q2', '23Q3', '23Q4', '24Q1', '24Q2', '24Q3', '24Q4'],
        values: Array.from({ length: 8 }, () => Number(num(rand, -1.5, 4.5, 1))),
      },
      {
        kind: 'note',
        text: '以上为策略回测及模拟组合数据，不代表本基金的实际业绩，也不预示未来表现。',
      },
    ],
  };
  const risk: PdfPageModel = {
    blocks: [
      { kind: 'heading', text: '三、风险控制' },
      {
        kind: 'para',
        text: '事前：组合优化时约束行业偏离不超过 2%、风格因子暴露不超过 0.2 个标准差，并设置单票、单行业及流动性上限。',
      },
      {
        kind: 'para',
        text: '事中：风控系统实时监控净敞口、保证金占用与基差变化，触及阈值时自动提示并由投资经理在规定时间内调整。',
      },
      {
        kind: 'para',
        text: '事后：每日进行收益归因与风险评估，每周召开投资决策会议复盘策略表现，每季度向投资者披露运作情况。',
      },
      { kind: 'heading', text: '四、费用说明' },
      {
        kind: 'para',
        text: '管理费与托管费按前一日基金资产净值计提；业绩报酬在投资者赎回、基金分红或清算时，按单个投资者持有期间超过业绩比较基准的部分计提。',
      },
    ],
  };
  const [disclosure, sign] = brochureSigning();
  return fillTo(pages, [cover, terms, strategy, risk], [disclosure, sign], () => ({
    blocks: [
      { kind: 'heading', text: '备注' },
      { kind: 'para', text: '本页无正文。' },
    ],
  }));
}

/** The cover with the notices a qualified investor reads first. */
function brochureCover(): PdfPageModel {
  return {
    blocks: [
      { kind: 'title', text: NAME, sub: '产品要素 · 2025 年 1 月版' },
      { kind: 'note', text: '仅限合格投资者阅读，不得向不特定对象宣传推介。' },
      { kind: 'heading', text: '重要提示' },
      {
        kind: 'para',
        text: '本资料仅供合格投资者参考，不构成任何投资建议或要约。私募基金的投资收益与风险由投资者自行承担，管理人不对基金财产的收益状况作出任何承诺。',
      },
      {
        kind: 'para',
        text: '投资者在认购前应认真阅读基金合同、风险揭示书等法律文件，了解本基金的风险收益特征，并根据自身的投资目标、期限、投资经验及风险承受能力审慎决策。',
      },
      {
        kind: 'para',
        text: '本基金风险等级为 R4（中高风险），适合风险承受能力为 C4 及以上的合格投资者。业绩比较基准“年化 6%”仅用于计算业绩报酬，不代表基金的实际收益。',
      },
      { kind: 'note', text: '基金管理人：星辰资产管理有限公司　托管人：某股份制商业银行　外包服务机构：某证券公司' },
    ],
  };
}

/** The risk disclosure and the page the investor signs: the brochure's last two pages. */
function brochureSigning(): [PdfPageModel, PdfPageModel] {
  const disclosure: PdfPageModel = {
    blocks: [
      { kind: 'heading', text: '五、风险揭示书（摘要）' },
      {
        kind: 'para',
        text: '市场风险：市场中性策略虽对冲大部分系统性风险，但当多头组合与股指期货走势出现较大偏离时，基金仍可能出现亏损。',
      },
      { kind: 'para', text: '基差风险：股指期货贴水加深会增加对冲成本，并可能在展期时造成损失。' },
      { kind: 'para', text: '模型风险：量化模型基于历史数据构建，市场结构变化可能导致模型失效，超额收益可能为负。' },
      { kind: 'para', text: '流动性风险：封闭期内不能赎回；开放日出现巨额赎回时，管理人可能延期办理或暂停赎回。' },
      { kind: 'para', text: '操作风险：交易系统故障、人为差错等可能对基金财产造成不利影响。' },
      {
        kind: 'para',
        text: '本基金不保本，投资者可能损失全部或部分投资本金。私募基金登记备案不构成对管理人投资能力、持续合规情况的认可，也不作为对基金财产安全的保障。',
      },
    ],
  };
  const sign: PdfPageModel = {
    blocks: [
      { kind: 'heading', text: '六、合格投资者确认' },
      {
        kind: 'para',
        text: '合格投资者指具备相应风险识别能力和风险承担能力，投资于单只私募基金的金额不低于 100 万元，且金融资产不低于 300 万元或最近三年个人年均收入不低于 50 万元的自然人。',
      },
      {
        kind: 'para',
        text: '投资者确认：本人已阅读并理解基金合同及风险揭示书的全部内容，知晓本基金的风险等级与自身风险承受能力相匹配，自愿承担投资风险。',
      },
      { kind: 'note', text: '投资者签字：＿＿＿＿＿＿＿＿　　日期：＿＿＿＿年＿＿月＿＿日' },
      { kind: 'title', text: '基金有风险，投资需谨慎' },
      { kind: 'note', text: '本资料由诺亚财富理财顾问提供，解释权归基金管理人所有。' },
    ],
  };
  return [disclosure, sign];
}
