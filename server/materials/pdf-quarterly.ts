// A mixed fund's quarterly report (基金季度报告) in the layout the regulator's template prescribes, followed by the
// performance attribution by industry and the holdings appendices the summary "持仓与业绩归因" promises.
import { fillTo, INDUSTRIES, num, pct, type PdfPageModel, pick, type Rand } from './pdf-content';

const FUND = '红利低波精选混合型证券投资基金';
const PERIOD = '2024 年 10 月 1 日至 2024 年 12 月 31 日';
const STOCK_HEAD = ['序号', '股票名称', '数量（万股）', '公允价值（万元）', '占净值比例'];
const STOCK_WIDTHS = [0.12, 0.28, 0.2, 0.22, 0.18];

/** Invented issuer names: a place and a trade, so no row reads as a claim about a real company. */
const PLACES = [
  '华源',
  '嘉禾',
  '远航',
  '瑞丰',
  '恒通',
  '中科',
  '金川',
  '蓝海',
  '新港',
  '长青',
  '东岳',
  '南屏',
  '天衡',
  '银杉',
];
const TRADES = [
  '电力',
  '银行',
  '高速',
  '化工',
  '制药',
  '食品',
  '机械',
  '材料',
  '电子',
  '物流',
  '能源',
  '建设',
  '传媒',
  '乳业',
];

function stockRows(rand: Rand, from: number, count: number, scale: number): string[][] {
  return Array.from({ length: count }, (_, i) => {
    // Weights first; value and share count follow from a net asset value of about 20 亿元 and a price.
    const weight = Number(num(rand, 0.1 * scale, 1.2 * scale));
    const value = (weight / 100) * 200_000;
    const price = Number(num(rand, 3, 60));
    return [
      String(from + i),
      `${pick(rand, PLACES)}${pick(rand, TRADES)}`,
      (value / price).toFixed(2),
      value.toFixed(2),
      `${weight.toFixed(2)}%`,
    ];
  });
}

function mainReport(rand: Rand): PdfPageModel[] {
  const nav = Number(num(rand, 1.1, 1.6, 4));
  const fundReturn = Number(num(rand, -2, 4));
  const bench = Number(num(rand, -2, 3));
  // In page order: each page draws its figures from the one sequence, so the file stays the same.
  return [...reportFrontPages(rand, nav, fundReturn, bench), ...reportManagerPages(rand, nav, fundReturn, bench)];
}

/** docs/rules/product.md to docs/rules/data.md: the notices, the product and its main financial figures. */
function reportFrontPages(rand: Rand, nav: number, fundReturn: number, bench: number): PdfPageModel[] {
  return [
    {
      blocks: [
        { kind: 'title', text: FUND, sub: '2024 年第 4 季度报告' },
        {
          kind: 'note',
          text: '基金管理人：诺亚基金管理有限公司　基金托管人：某国有商业银行　报告送出日期：2025 年 1 月 2 日',
        },
        { kind: 'heading', text: '§1 重要提示' },
        {
          kind: 'para',
          text: '基金管理人的董事会及董事对本报告所载资料的真实性、准确性和完整性承担个别及连带责任。基金托管人根据基金合同规定，复核了本报告中的财务指标、净值表现和投资组合报告等内容。',
        },
        {
          kind: 'para',
          text: '基金管理人承诺以诚实信用、勤勉尽责的原则管理和运用基金资产，但不对基金的盈利作出承诺。基金的过往业绩并不代表其未来表现，投资有风险，投资者在作出投资决策前应仔细阅读本基金的招募说明书。',
        },
        { kind: 'para', text: `本报告期自 ${PERIOD} 止，报告中财务资料未经审计。` },
      ],
    },
    {
      blocks: [
        { kind: 'heading', text: '§2 基金产品概况' },
        {
          kind: 'table',
          widths: [0.32, 0.68],
          head: ['项目', '内容'],
          rows: [
            ['基金简称', '红利低波精选混合'],
            ['基金主代码', '001938'],
            ['基金运作方式', '契约型开放式'],
            ['报告期末基金份额总额', `${num(rand, 8, 20)} 亿份`],
            ['投资目标', '精选高股息、低波动的优质上市公司，力争获得长期稳健的超额收益'],
            ['投资策略', '红利因子与低波动因子相结合的选股策略，辅以股债配置调整'],
            ['业绩比较基准', '沪深300指数收益率×60%＋中债综合指数收益率×40%'],
            ['风险收益特征', '混合型基金，预期风险和收益高于债券型基金与货币市场基金，低于股票型基金'],
            ['风险等级', 'R3（中风险）'],
          ],
        },
      ],
    },
    {
      blocks: [
        { kind: 'heading', text: '§3 主要财务指标和基金净值表现' },
        {
          kind: 'table',
          widths: [0.6, 0.4],
          head: ['主要财务指标', '报告期'],
          rows: [
            ['本期已实现收益（万元）', num(rand, 1000, 6000)],
            ['本期利润（万元）', num(rand, -2000, 8000)],
            ['加权平均基金份额本期利润（元）', num(rand, -0.02, 0.06, 4)],
            ['期末基金资产净值（亿元）', num(rand, 10, 30)],
            ['期末基金份额净值（元）', nav.toFixed(4)],
          ],
        },
        {
          kind: 'table',
          widths: [0.28, 0.24, 0.24, 0.24],
          head: ['阶段', '净值增长率', '比较基准收益率', '差额'],
          rows: [
            ['过去三个月', pct(fundReturn), pct(bench), pct(fundReturn - bench)],
            ['过去六个月', pct(fundReturn + 3.1), pct(bench + 2.4), pct(fundReturn - bench + 0.7)],
            ['过去一年', pct(fundReturn + 8.6), pct(bench + 6.9), pct(fundReturn - bench + 1.7)],
            ['过去三年', pct(fundReturn + 12.3), pct(bench - 4.8), pct(fundReturn - bench + 17.1)],
          ],
        },
        {
          kind: 'bars',
          caption: '报告期各月净值增长率（%）',
          labels: ['10 月', '11 月', '12 月'],
          values: [Number(num(rand, -3, 3, 1)), Number(num(rand, -2, 3, 1)), Number(num(rand, -1, 4, 1))],
        },
      ],
    },
  ];
}

/** docs/rules/states.md#share-menus to docs/rules/errors.md: the managers' report, the portfolio, the shares and the attribution's introduction. */
function reportManagerPages(rand: Rand, nav: number, fundReturn: number, bench: number): PdfPageModel[] {
  return [
    {
      blocks: [
        { kind: 'heading', text: '§4 管理人报告' },
        {
          kind: 'table',
          widths: [0.2, 0.3, 0.5],
          head: ['姓名', '任职日期', '证券从业年限与说明'],
          rows: [
            ['周明远', '2019 年 3 月 8 日', '15 年，经济学硕士，曾任研究部行业研究员、基金经理助理'],
            ['林书言', '2022 年 7 月 1 日', '9 年，金融工程硕士，负责量化风险模型与组合优化'],
          ],
        },
        { kind: 'heading', text: '报告期内基金的投资策略和运作分析' },
        {
          kind: 'para',
          text: '四季度，稳增长政策密集出台，市场风险偏好阶段性回升，成长风格在 10 月初显著占优，随后市场进入震荡，红利风格在 12 月重新获得资金青睐。',
        },
        {
          kind: 'para',
          text: '本基金坚持以股息率与盈利稳定性为核心的选股框架，报告期内适度增持公用事业与交通运输，减持部分估值已充分反映分红预期的银行股，整体仓位保持在 75% 至 85% 之间。',
        },
        {
          kind: 'para',
          text: `截至报告期末，本基金份额净值为 ${nav.toFixed(4)} 元，本报告期份额净值增长率为 ${pct(fundReturn)}，同期业绩比较基准收益率为 ${pct(bench)}。`,
        },
      ],
    },
    {
      blocks: [
        { kind: 'heading', text: '§5 投资组合报告' },
        {
          kind: 'table',
          widths: [0.1, 0.4, 0.26, 0.24],
          head: ['序号', '项目', '金额（万元）', '占总资产比例'],
          rows: [
            ['1', '权益投资', num(rand, 150000, 200000), `${num(rand, 74, 84)}%`],
            ['2', '固定收益投资', num(rand, 20000, 40000), `${num(rand, 10, 18)}%`],
            ['3', '买入返售金融资产', num(rand, 1000, 5000), `${num(rand, 0.5, 2)}%`],
            ['4', '银行存款和结算备付金', num(rand, 5000, 12000), `${num(rand, 2, 5)}%`],
            ['5', '其他资产', num(rand, 100, 900), `${num(rand, 0.05, 0.4)}%`],
          ],
        },
        { kind: 'heading', text: '报告期末按公允价值占净值比例大小排序的前十名股票' },
        { kind: 'table', widths: STOCK_WIDTHS, head: STOCK_HEAD, rows: stockRows(rand, 1, 10, 3) },
      ],
    },
    {
      blocks: [
        { kind: 'heading', text: '§6 开放式基金份额变动' },
        {
          kind: 'table',
          widths: [0.6, 0.4],
          head: ['项目', '份额（亿份）'],
          rows: [
            ['报告期期初基金份额总额', num(rand, 10, 16)],
            ['报告期期间基金总申购份额', num(rand, 1, 4)],
            ['减：报告期期间基金总赎回份额', num(rand, 1, 4)],
            ['报告期期末基金份额总额', num(rand, 10, 16)],
          ],
        },
        { kind: 'heading', text: '§7 影响投资者决策的其他重要信息' },
        {
          kind: 'para',
          text: '报告期内，本基金未出现单一投资者持有基金份额比例达到或超过 20% 的情况，基金管理人未运用固有资金投资本基金。',
        },
        { kind: 'heading', text: '§8 业绩归因说明' },
        {
          kind: 'para',
          text: '以下各页按申万一级行业，采用 Brinson 模型将本基金相对业绩比较基准股票部分的超额收益分解为配置效应、选股效应与交互效应，数据按月计算后累加。',
        },
      ],
    },
  ];
}

function attributionPage(rand: Rand, industry: string, n: number): PdfPageModel {
  const weight = Number(num(rand, 0, 12));
  const benchWeight = Number(num(rand, 0.5, 10));
  const gap = weight - benchWeight;
  const months = ['10 月', '11 月', '12 月'];
  const effects = months.map(() => [
    Number(num(rand, -0.3, 0.3, 2)),
    Number(num(rand, -0.4, 0.5, 2)),
    Number(num(rand, -0.1, 0.1, 2)),
  ]);
  const sum = [0, 1, 2].map((k) => effects.reduce((a, e) => a + e[k]!, 0));
  const industryReturn = Number(num(rand, -12, 15));
  return {
    blocks: [
      { kind: 'heading', text: `业绩归因 · 行业篇（${n}/${INDUSTRIES.length}）：${industry}` },
      {
        kind: 'para',
        text: `报告期内，本基金在${industry}行业的平均配置比例为 ${weight.toFixed(2)}%，业绩比较基准中该行业权重为 ${benchWeight.toFixed(2)}%，${gap >= 0 ? '超配' : '低配'} ${Math.abs(gap).toFixed(2)} 个百分点。同期${industry}指数收益率为 ${pct(industryReturn)}。`,
      },
      {
        kind: 'para',
        text:
          sum[1]! >= 0
            ? `个股选择对超额收益贡献为正，组合所持公司分红稳定、现金流充裕，在行业波动中表现出较强的防御性。`
            : `个股选择对超额收益形成拖累，主要因部分持仓在季度内估值回落，我们已复核其分红能力与基本面，维持跟踪。`,
      },
      {
        kind: 'table',
        widths: [0.2, 0.2, 0.2, 0.2, 0.2],
        head: ['月份', '配置效应', '选股效应', '交互效应', '合计'],
        rows: [
          ...effects.map((e, i) => [months[i]!, ...e.map((v) => pct(v)), pct(e[0]! + e[1]! + e[2]!)]),
          ['本季度', ...sum.map((v) => pct(v)), pct(sum[0]! + sum[1]! + sum[2]!)],
        ],
      },
      {
        kind: 'bars',
        caption: `本基金与基准的行业权重：${industry}（%）`,
        labels: ['本基金', '基准'],
        values: [weight, benchWeight],
      },
    ],
  };
}

export function quarterlyPages(pages: number, rand: Rand): PdfPageModel[] {
  const fixed = [...mainReport(rand), ...INDUSTRIES.map((ind, i) => attributionPage(rand, ind, i + 1))];
  const tail: PdfPageModel = {
    blocks: [
      { kind: 'heading', text: '§9 备查文件目录' },
      {
        kind: 'para',
        text: '1. 中国证监会准予本基金募集注册的文件；2. 本基金基金合同；3. 本基金托管协议；4. 本基金招募说明书；5. 基金管理人业务资格批件、营业执照。',
      },
      {
        kind: 'para',
        text: '存放地点：基金管理人及基金托管人住所。投资者可在营业时间内免费查阅，也可通过基金管理人网站查阅。',
      },
      { kind: 'title', text: '基金有风险，投资需谨慎' },
    ],
  };
  // The appendix lists every stock held at the end of the period, 22 rows to a page, as long as the document runs.
  return fillTo(pages, fixed, [tail], (i) => ({
    blocks: [
      { kind: 'heading', text: `附录：报告期末全部股票投资明细（续 ${i + 1}）` },
      { kind: 'table', widths: STOCK_WIDTHS, head: STOCK_HEAD, rows: stockRows(rand, 11 + i * 22, 22, 0.1) },
    ],
  }));
}
