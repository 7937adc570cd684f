// An annual market outlook (年度市场展望) of the kind a research team publishes in January: core views, macro,
// policy, equities, one page per industry, bonds, overseas, allocation advice, then a data appendix.
import { fillTo, INDUSTRIES, num, pct, type PdfPageModel, pick, type Rand } from './pdf-content';

/** Chapter → topic → the team's view in one sentence. */
const CHAPTERS: readonly (readonly [string, readonly (readonly [string, string])[]])[] = [
  [
    '一、宏观经济',
    [
      ['经济增长', '全年实际增速预计在 4.5% 至 5% 之间，结构上由出口与制造业投资逐步转向消费与服务业。'],
      ['居民消费', '以旧换新等政策延续，服务消费修复快于商品消费，居民储蓄率有望温和回落。'],
      ['固定资产投资', '基建投资受专项债提前发力支撑，制造业投资增速放缓但仍处于合理区间。'],
      ['进出口', '外需存在不确定性，出口增速预计放缓，对新兴市场的出口占比继续提升。'],
      ['物价', 'CPI 同比温和回升，PPI 降幅收窄，名义增长与企业盈利有望改善。'],
      ['就业与收入', '城镇调查失业率保持稳定，居民收入增速与名义经济增速基本同步。'],
      ['房地产', '销售与投资降幅收窄，市场逐步筑底，对经济的拖累较上一年减轻。'],
      ['财政收支', '赤字率提高、超长期特别国债扩容，财政对需求的支持力度明显加大。'],
    ],
  ],
  [
    '二、政策环境',
    [
      ['货币政策', '适度宽松基调下，降准降息仍有空间，流动性保持合理充裕。'],
      ['财政政策', '更加积极的财政政策着力于扩大内需与化解地方债务风险。'],
      ['产业政策', '新质生产力与设备更新是政策主线，科技自主可控获得持续支持。'],
      ['资本市场改革', '分红与回购制度持续完善，中长期资金入市渠道进一步打通。'],
    ],
  ],
  [
    '三、A 股市场',
    [
      ['盈利预测', '全部 A 股盈利增速预计由负转正，上游周期盈利承压，中游制造与消费改善。'],
      ['估值水平', '主要宽基指数估值处于近十年中位数附近，风险溢价仍有吸引力。'],
      ['资金面', '保险资金与养老金等长期资金持续流入，交易型资金波动加大。'],
      ['风格展望', '红利资产仍具配置价值，成长风格在产业趋势明确的方向上有望占优。'],
      ['情景分析', '基准情景下市场呈震荡向上格局，需关注外部冲击带来的阶段性回撤。'],
    ],
  ],
];
const LATER: readonly (readonly [string, readonly (readonly [string, string])[]])[] = [
  [
    '五、债券市场',
    [
      ['利率债', '十年期国债收益率中枢下移，但低位震荡加剧，宜把握波段机会。'],
      ['信用债', '城投债供给收缩、利差处于低位，产业债精选高等级品种。'],
      ['可转债', '转债估值修复，偏债型品种兼顾收益与回撤控制。'],
      ['久期策略', '组合久期保持中性略长，票息收益是主要回报来源。'],
    ],
  ],
  [
    '六、海外市场',
    [
      ['美国经济', '美国经济软着陆概率较高，但财政与贸易政策带来通胀反复的风险。'],
      ['美联储', '降息节奏预计放缓，全年降息幅度低于市场年初预期。'],
      ['美股', '盈利增长支撑估值，但科技龙头集中度高，波动可能加大。'],
      ['港股', '估值处于历史低位，互联网与高股息板块具备配置价值。'],
      ['人民币汇率', '人民币对美元汇率双向波动，全年保持基本稳定。'],
      ['黄金与大宗商品', '央行购金与地缘风险支撑金价，工业品价格受需求制约。'],
    ],
  ],
  [
    '七、资产配置建议',
    [
      ['配置框架', '以目标、期限与风险承受能力为起点，先留足流动性，再配置长期资产。'],
      ['稳健型投资者', '以债券与现金管理为主，权益资产不超过 20%，侧重红利低波动品种。'],
      ['平衡型投资者', '股债均衡配置，权益资产 40% 左右，定期再平衡控制回撤。'],
      ['进取型投资者', '权益资产可提高至 70%，分散于宽基指数与景气行业，避免集中押注。'],
    ],
  ],
];

function topicPage(rand: Rand, chapter: string, topic: string, view: string): PdfPageModel {
  const years = ['2018', '2019', '2020', '2021', '2022', '2023', '2024', '2025E'];
  return {
    blocks: [
      { kind: 'heading', text: `${chapter} · ${topic}` },
      { kind: 'para', text: `核心观点：${view}` },
      {
        kind: 'para',
        text: `回顾 2024 年，${topic}方面的变化与市场一致预期存在一定偏差，年中数据走弱后在四季度政策加码下有所修复。我们在模型中下调了对外部需求的假设，同时提高了政策力度的权重。`,
      },
      {
        kind: 'para',
        text: `展望 2025 年，我们将跟踪三类信号：高频数据的边际变化、政策落地的节奏，以及市场预期与实际数据之间的差距。若三者同向改善，我们对${topic}的判断将更加积极；反之则维持谨慎。`,
      },
      {
        kind: 'bars',
        caption: `${topic}：相关指标年度变化（%，2025 年为预测值）`,
        labels: years,
        values: years.map(() => Number(num(rand, -2, 9, 1))),
      },
      { kind: 'note', text: '资料来源：国家统计局、中国人民银行、万得资讯，诺亚研究整理。预测值仅代表研究团队观点。' },
    ],
  };
}

function industryPage(rand: Rand, industry: string, n: number): PdfPageModel {
  const growth = Number(num(rand, -15, 25, 1));
  const pe = num(rand, 8, 60, 1);
  const quantile = Number(num(rand, 5, 95, 0));
  const rating = growth > 10 && quantile < 60 ? '超配' : growth < 0 || quantile > 80 ? '低配' : '标配';
  return {
    blocks: [
      { kind: 'heading', text: `四、行业展望（${n}/${INDUSTRIES.length}）· ${industry}` },
      {
        kind: 'table',
        widths: [0.25, 0.25, 0.25, 0.25],
        head: ['2025E 盈利增速', '市盈率（TTM）', '近十年分位', '配置建议'],
        rows: [[pct(growth, 1), `${pe} 倍`, `${quantile}%`, rating]],
      },
      {
        kind: 'para',
        text: `${industry}行业 2024 年前三季度营业收入同比${pick(rand, ['小幅增长', '基本持平', '有所下滑'])}，盈利能力${pick(rand, ['边际改善', '保持稳定', '仍在筑底'])}。我们预计 2025 年行业盈利增速为 ${pct(growth, 1)}，当前估值处于近十年 ${quantile}% 分位。`,
      },
      {
        kind: 'para',
        text:
          rating === '超配'
            ? `景气度与估值的组合较有吸引力，建议在组合中给予${industry}高于基准的权重，优先关注现金流稳定、竞争格局清晰的龙头公司。`
            : rating === '低配'
              ? `景气度或估值尚不支持提高仓位，建议${industry}低于基准配置，等待供需格局或估值出现更明确的改善信号。`
              : `${industry}的基本面与估值大致匹配，建议按基准权重配置，通过精选个股获取超额收益。`,
      },
      {
        kind: 'para',
        text: `主要风险：需求恢复不及预期、行业竞争加剧、原材料价格大幅波动，以及政策变化对${industry}盈利的影响。`,
      },
      {
        kind: 'bars',
        caption: `${industry}：近 6 年营业收入增速（%）`,
        labels: ['2019', '2020', '2021', '2022', '2023', '2024'],
        values: Array.from({ length: 6 }, () => Number(num(rand, -10, 20, 1))),
      },
    ],
  };
}

const INDICATORS = [
  'GDP 不变价同比',
  'CPI 同比',
  'PPI 同比',
  '制造业 PMI',
  '社会消费品零售总额同比',
  '固定资产投资累计同比',
  '出口金额同比',
  'M2 同比',
  '社会融资规模存量同比',
  '十年期国债收益率',
  '工业增加值同比',
  '城镇调查失业率',
  '商品房销售面积累计同比',
  '沪深300 市盈率',
  '人民币对美元中间价',
  '伦敦金现价格',
  '布伦特原油价格',
];

export function outlookPages(pages: number, rand: Rand): PdfPageModel[] {
  const topics = (chs: typeof CHAPTERS) => chs.flatMap(([ch, ts]) => ts.map(([t, v]) => topicPage(rand, ch, t, v)));
  const fixed: PdfPageModel[] = [
    {
      blocks: [
        { kind: 'title', text: '2025 年度市场展望', sub: '在变化中守住长期 · 完整版' },
        { kind: 'note', text: '诺亚研究 · 2025 年 1 月 2 日' },
        { kind: 'heading', text: '核心观点' },
        { kind: 'para', text: '一、政策发力与盈利修复共振，A 股有望呈现震荡向上格局，结构性机会多于系统性机会。' },
        { kind: 'para', text: '二、利率中枢下移，债券仍是组合的稳定器，但收益率低位时波动加大，宜降低收益预期。' },
        { kind: 'para', text: '三、红利与科技成长两条主线并行，行业配置上超配景气改善且估值合理的方向。' },
        { kind: 'para', text: '四、海外不确定性上升，黄金具备分散风险的作用，汇率双向波动将成为常态。' },
        { kind: 'para', text: '五、配置回到目标与期限本身：留足流动性，分散、长期、纪律，定期再平衡。' },
      ],
    },
    {
      blocks: [
        { kind: 'heading', text: '目录' },
        {
          kind: 'table',
          widths: [0.7, 0.3],
          head: ['章节', '页码'],
          rows: [
            ['一、宏观经济', '3'],
            ['二、政策环境', '11'],
            ['三、A 股市场', '15'],
            ['四、行业展望', '20'],
            ['五、债券市场', '51'],
            ['六、海外市场', '55'],
            ['七、资产配置建议', '61'],
            ['附录：主要经济指标数据', '65'],
            ['风险提示与免责声明', String(pages)],
          ],
        },
      ],
    },
    ...topics(CHAPTERS),
    ...INDUSTRIES.map((ind, i) => industryPage(rand, ind, i + 1)),
    ...topics(LATER),
  ];
  const tail: PdfPageModel = {
    blocks: [
      { kind: 'heading', text: '风险提示与免责声明' },
      {
        kind: 'para',
        text: '本报告基于公开资料及研究团队的分析，力求客观公正，但不保证所载信息的准确性和完整性。报告中的观点、预测仅反映研究团队在发布日的判断，可能随市场变化而调整，恕不另行通知。',
      },
      {
        kind: 'para',
        text: '本报告不构成对任何人的投资建议，投资者应结合自身的投资目标、财务状况和风险承受能力独立决策。市场有风险，历史数据与模拟结果不代表未来表现。',
      },
      { kind: 'title', text: '基金有风险，投资需谨慎' },
    ],
  };
  return fillTo(pages, fixed, [tail], (i) => {
    const indicator = INDICATORS[Math.floor(i / 2) % INDICATORS.length]!;
    const year = i % 2 === 0 ? 2023 : 2024;
    const months = Array.from({ length: 12 }, (_, m) => `${m + 1} 月`);
    const values = months.map(() => Number(num(rand, -3, 8, 2)));
    return {
      blocks: [
        { kind: 'heading', text: `附录 · 主要经济指标：${indicator}（${year} 年）` },
        {
          kind: 'table',
          widths: [0.34, 0.33, 0.33],
          head: ['月份', '数值', '较上月变化'],
          rows: months.map((m, k) => [
            `${year} 年 ${m}`,
            values[k]!.toFixed(2),
            k === 0 ? '—' : pct(values[k]! - values[k - 1]!, 2),
          ]),
        },
        { kind: 'note', text: '资料来源：国家统计局、中国人民银行、万得资讯。部分数据为初值，以官方最终公布为准。' },
      ],
    };
  });
}
