/**
 * The content policy's rule data, one copy for the server (which enforces it on every text that
 * reaches a customer or the public) and the client (which shows the same reason before sending).
 * Plain data, no TypeBox. The matcher is src/lib/content-policy; words and patterns are written in
 * simplified Chinese (and lower-case English) against the compacted text: NFKC, no format characters,
 * traditional→simplified, lower case, no spaces, punctuation or symbols except "%", and a decimal
 * point between digits written 点 ("5.5%" is matched as "5点5%").
 */

/** A rule's code: the `reason` of its compliance_events row and the key of its wording. */
export type PromiseRuleCode =
  | 'promise_principal'
  | 'promise_return'
  | 'promise_no_risk'
  | 'promise_sure_profit'
  | 'promise_loss_cover'
  | 'promise_rigid_redemption'
  | 'promise_expected_return';
export type PersonalRuleCode = 'id_number' | 'bank_card' | 'mobile';

export interface PromiseRule {
  code: PromiseRuleCode;
  /** The kind of promise, as the writer and the guide name it. */
  label: string;
  /** Why it may not be said: what the writer reads under the refusal. */
  reason: string;
  /** Literal words (compacted form): a certain promise. */
  words: readonly string[];
  /** Regular-expression sources (word order, gaps, numbers): a certain promise. */
  patterns: readonly string[];
  /** Regular-expression sources of weak forms: the text is held for a reviewer, not refused. */
  weak: readonly string[];
}

/** A gap between the parts of a pattern: a few characters, none of them a negation. */
const GAP = (max: number, more = '') => `[^不非没未无别${more}]{0,${max}}?`;
/** A number, in digits (5, 5点5) or Chinese numerals (八, 六点五, 十二). */
const NUM = '(?:\\d+(?:点\\d+)?|[零〇一二两三四五六七八九十]+(?:点[零〇一二三四五六七八九]+)?)';
/** A rate: 8%, 百分之八, 8个点, 8个百分点, 8厘, 一分利. */
const RATE = `(?:${NUM}(?:%|个点|个多点|个百分点|厘|分利|分息)|百分之${NUM}|(?<=月息|年息)${NUM}分)`;
/** The words of a return. */
const RETURN =
  '(?:年化收益率|年化收益|年化回报|年化|年回报|收益率|回报率|收益|回报|利息|年息|月息|分红|派息|年收益|月收益)';
/** Words that put a floor under it or fix it. */
const FLOOR =
  '(?:不低于|不少于|不会低于|不会少于|绝不低于|最低(?!价|点|位|谷|申购|投资|起投|金额|门槛|收益率|回报率|净值|涨幅|跌幅)|最低也|最少也|最差也|再差也|至少也|起码也|怎么也|至少|最少|起码|保底|锁定|稳拿|稳得|稳稳|铁定|确保|保证(?!金)|承诺|妥妥|固定|恒定|锁死|锁住|定死|包)';
/** Who says they will carry a loss. */
const COVERER = '(?:我们公司|我们|咱们|我司|本公司|公司|平台|本人|老板|我个人|我|咱|俺)';
/** What they say they will do with it ("补仓" is buying more, "承担不起" is the opposite). */
const COVER =
  '(?:负全责|负责到底|全责|退给|退还|退您|退你|托底|托着|(?<=来|会)出(?:钱)?|掏腰包补|自掏腰包|掏腰包|补偿|补给|补上|补回|补(?!仓|课|充|交|缴|办|录|签|齐|考|单|贴)|赔偿|赔付|赔给|全赔|包赔|赔(?!不起|率|了|钱了)|承担(?!不起|不了)|兜底|兜着|买单|报销|垫付|担保|照单全收|全包|扛着|扛|担着)';
/** How they say they will pay: 我来补, 公司全额补偿, 平台先行赔付. */
const BY =
  '(?:照价|照数|足额|按价|原价|来|会|都|都会|给您|给你|全额|全部|如数|照|负责|帮您|帮你|替您|替你|先行|先|立即|马上|直接|第一时间|掏腰包|自掏腰包|把钱|把本金|把损失|把亏的|把佣金|把手续费|把管理费|把服务费|100%|百分百|一个人|个人|全都|统统)';
/** A loss. */
const LOSS =
  '(?:亏损|亏了|亏钱|亏本|赔本|蚀本|亏掉|赔掉|损失|赔了|跌了|回撤|被套|套牢|出了问题|出问题|出了事|出事|亏|跌)';

export const PROMISE_RULES: readonly PromiseRule[] = [
  {
    code: 'promise_principal',
    label: '保本',
    reason: '除存款等法定保本产品外，任何人不得承诺本金不受损失',
    words: [
      '保本',

      '保证本金',
      '保住本金',
      '保障本金',
      '保你本金',
      '保您本金',
      '本息全保',
      '保证本息',
      '不亏本金',
      '不会亏本',
      '不亏本',
      '亏不了本',
      '绝不亏本',
      '包本',
    ],
    patterns: [
      `(?:本金|本钱|老本)${GAP(4)}(?:保住|保得住|安全(?!性|边际)|无忧|无损|零损失|零亏损|零风险|不受损|不会损失|不受损失|不会少|一分不少|分文不少|不会亏|不亏|有保障|有保证|保障|保证|全保|保全|绝对安全|百分百安全|100%安全|稳稳|稳如泰山|毫无损失|没有损失|不会有损失|无任何损失|不会亏损|绝不亏|不会(?:有)?任何(?:损失|亏损))`,
      `本息${GAP(2)}(?:全保|保障|有保障|无忧|安全|保证)`,
      `(?:本金|本钱|老本)${GAP(4)}(?:托底|托着|有托底|保底)`,
      `(?:本金|本钱|老本)${GAP(4)}(?:肯定|一定|保证|绝对|铁定|包|稳稳|妥妥)(?:能|会|可以)?(?:拿得回|拿回|收回|收得回|回得来|回来|拿得到)`,
      `(?:至少|起码|最少|最差|保证|肯定|一定|绝对|铁定|包)(?:也)?(?:能|会|可以)?(?:拿回|收回|拿得回|收得回|保住)(?:本金|本钱|老本|成本)`,
      `投(?:入)?多少${GAP(2)}(?:拿回|拿|回|返|退)多少`,
      `(?:本金|本钱|本息)${GAP(8)}(?:担保|作保|兜底|包赔)`,
      `(?:本金|本钱|老本)${GAP(4)}(?:绝对|肯定|一定|保证|永远)?(?:不会|不)(?:有)?(?:任何)?(?:少|亏|缩水|减少|蒸发|打水漂|受损|损失|亏损|变少)`,
      `(?:本金|本钱|老本)${GAP(4)}(?:铁打|稳如磐石|稳如泰山|雷打不动)`,
      `(?:一分|一毛|一分钱|一个子儿)(?:都|也)(?:不会|不)(?:少|亏)`,
      `(?:一分|分毫|一分钱|一毛)(?:都)?不(?:差|少)`,
      `(?:不会|不|绝不会|绝不|一定不会|肯定不会)(?:少|亏)(?:您|你)?(?:一分|一毛|一分钱|一个子儿|半分|分毫)`,
      `(?:保证|确保|承诺|担保)${GAP(4)}(?:本金|本钱)`,
      `(?:本金|本钱|老本)${GAP(4)}不受(?:任何)?(?:损失|损害|亏损|影响)`,
      `(?:本金|本钱)${GAP(6)}(?:不用担心|不必担心|无需担心|别担心|放一百个心|guaranteed|safe|protected)`,
      'guaranteedprincipal|principal(?:is|are)?(?:fully|100%|completely|totally)?(?:protected|guaranteed|safe)|capital(?:is)?(?:fully)?(?:protected|guaranteed)|guaranteedcapital',
    ],
    weak: [
      '(?<!政策|民生|社保|财政|社会保障)兜底(?!保障|政策)',
      `(?:本金|资金|钱)${GAP(2)}(?:非常|很|特别|十分|相当|完全)安全`,
    ],
  },
  {
    code: 'promise_return',
    label: '保收益',
    reason: '收益取决于市场，不得承诺或锁定收益水平、保底收益',
    words: [
      '保证收益',
      '保收益',
      '保底收益',
      '保底回报',
      '承诺收益',
      '保证回报',
      '稳赚',
      '稳拿',
      '稳挣',
      '稳拿收益',
      '旱涝保收',
      '收益保底',
      '保本保收益',
    ],
    patterns: [
      `年化${GAP(15, '波撤费')}(?:保证|确保|保障|锁定|承诺|稳拿|稳得|包)`,
      `(?:保证(?!金)|确保|承诺|锁定|保障(?!型))${GAP(6)}(?:年化|收益率|回报率|收益|回报|分红|派息|利息(?!保障倍数))`,
      `(?:收益|回报|利息)${GAP(4, '和与及兼')}(?:有保证|有保障|保证(?!金)|保障(?!倍数|型)|确保|稳稳|妥妥)`,
      // A floor or a fixed level with its number: 年化不低于8%, 收益率锁定7%, 保底年化5%, 固定回报8%.
      `${RETURN}${GAP(6, '比例仓资占配波撤费')}${FLOOR}${GAP(4)}(?:${RATE}|${NUM})`,
      `(?:${FLOOR}|固定)${GAP(3, '比例仓资占配年月天日')}(?:年化|收益率|回报率|回报|利息|月息|年息|分红|派息|收益)${GAP(4)}${RATE}`,
      `${RATE}${GAP(4)}(?:保底|打底|稳拿|锁定|稳稳|妥妥|铁定|跑不了|没跑|板上钉钉|到手|稳赚|有保障|有保证|白纸黑字|合同保证|写进合同|雷打不动|风雨无阻|稳如泰山|不受市场影响|不受行情影响|不随市场波动)`,
      // A return every period, stated as a fact: 收益每年8个点, 每月都有1%的收益.
      `(?:收益|回报|利息|年化|分红|派息)${GAP(2)}(?:每年|每月|每个月|每季度?|每个季度|年年|月月)${GAP(4)}${RATE}`,
      `(?:每年|每月|每季度?|年年|月月)(?:都|稳定|固定|都有|能有)?${RATE}的?(?:收益|回报|利息|分红)`,
      `(?:稳拿|稳得|稳赚|稳收|稳稳拿|保底|保证|确保|铁定|妥妥|锁定|承诺)${GAP(2)}${RATE}`,
      `最低${RETURN}${GAP(2)}${RATE}${GAP(4)}(?:封顶|上不封顶)`,
      `${FLOOR}(?:有|能有|能拿|能赚|赚|挣|拿|收)?${RATE}的?${RETURN}`,
      `(?:一年|每年|年年|一个月|每月|月月|每季度?|一季度?)(?:都)?(?:稳稳|稳|妥妥|至少|最少|起码|保底|稳拿|铁定|保证)(?:的|地)?(?:拿|赚|有|挣|收)?${RATE}`,
      `${RETURN}${GAP(4)}${RATE}(?:起步|起跳|打底|保底|以上稳)`,
      `(?:起步|保底|打底)${RETURN}${GAP(2)}${RATE}`,
      `${RETURN}${GAP(4)}${RATE}${GAP(2)}(?:固定|不变|恒定|不动|是稳的|稳的|稳稳的|稳了)`,
      `(?:每年|每月|每个月|每季度?|每个季度|年年|月月|按月|按季|按年)(?:都|稳定|固定|按时|准时)(?:派息|分红|付息|返|给|发|支付)(?:您|你)?${RATE}`,
      `${RETURN}${GAP(6)}${FLOOR}${GAP(8)}(?:${NUM}倍|倍|银行|存款|定期|余额宝|国债)`,
      // A sum instead of a rate: 一年保底赚五百, 稳拿八千.
      `(?:保底|稳赚|稳拿|稳挣|稳得|至少|最少|起码|保证|净赚)(?:赚|挣|拿|得|收)?${NUM}(?:千|万|百|元|块)`,
      // 每年至少赚6个点, 月月稳拿1%, 每月返2%.
      `(?:不低于|至少|最少|起码|保底|稳拿|稳得|稳赚|稳收|妥妥|铁定|保证|确保|包|月月|年年|天天|周周|每月|每年|每季度?|每周|每天)(?:都能|都有|都|能|可以|可|稳稳地|稳稳|稳|固定|至少|准时|按时|保证|稳定|轻松|躺着)*(?:赚|挣|拿|领|返|派|给您|给你|收|到手|进账|获得)(?:到|取)?${RATE}`,
      '(?:收益|回报|利息|年化)guaranteed|guarantee[sd]?(?:you)?(?:an?)?\\d|weguarantee(?:your|the|an?)?(?:returns?|principal|profits?|income|capital)|guaranteed(?:annual)?(?:returns?|income|yields?|interest|profits?|dividends?)|(?:returns?|yields?|income)(?:are|is)?(?:fully)?guaranteed|guaranteed\\d|(?:fixed|minimum|guaranteed)(?:annual)?(?:returns?|yields?)of\\d|atleast\\d+(?:点\\d+)?%(?:a|per|every)(?:year|month|annum)|lockedin\\d',
    ],
    weak: [
      `${RETURN}${GAP(2)}稳定在${GAP(2)}${RATE}`,
      `稳定的?(?:年化|收益率|回报率|收益|回报)${GAP(4)}${RATE}`,
      `(?:年息|月息|日息)${GAP(2)}${RATE}`,
      `(?:预计|预估)(?:年化|收益率|回报率)${GAP(4)}${RATE}`,
      `${RETURN}${GAP(2)}(?:稳定|固定)(?:在|于|为)?${GAP(2)}${RATE}`,
    ],
  },
  {
    code: 'promise_no_risk',
    label: '零风险',
    reason: '任何投资都有风险，不得宣称无风险或绝对安全',
    words: [
      '零风险',
      '0风险',
      '冇风险',
      '毫无风险',
      '风险为零',
      '风险为0',
      '没有任何风险',
      '无任何风险',
      '风险全无',
      '绝对安全',
      '百分百安全',
      '100%安全',
      '百分之百安全',
      '万无一失',
      '零风险零损失',
    ],
    patterns: [
      '无风险(?!利率|收益率|资产|套利|利息|回报率|债券|证券|组合|测评|评估|等级|提示|揭示)',
      '没有?风险(?!测评|评估|等级|承受|提示|揭示|意识|偏好|问卷|能力|测试|评测)',
      `(?:一点|一丁点|一丝|半点|丝毫|一点点)(?:儿)?的?风险(?:都|也)(?:没有|没|不会有)`,
      `没有?(?:一点|一丝|半点|丝毫|一丁点)(?:点|儿)?的?风险`,
      `(?:无任何|没有任何|毫无|不存在任何|不会有任何|不带任何)${GAP(4)}风险(?!测评|评估|等级|承受|提示|揭示|意识|偏好)`,
      `风险${GAP(4)}(?:为零|为0|是零|是0|等于零|等于0|趋于零|趋近于零|忽略不计|可以忽略)`,
      `安全(?:性|系数)${GAP(2)}(?:100%|百分百|百分之百|满分|十足)`,
      `(?:不存在|不会有|不用担心|不必担心|无需担心|不怕)(?:任何)?风险`,
      `(?:哪有|哪来|哪里有|怎么会有|怎么可能有)(?:什么)?风险`,
      `没(?:啥|什么|任何)风险(?!测评|评估|等级|承受|提示|揭示|意识|偏好)`,
      `(?:亏损|亏钱|亏本|损失|赔钱)的?(?:概率|可能性|可能|几率)${GAP(2)}(?:为零|为0|是零|是0|等于零|等于0|几乎为零|没有)`,
      '(?:zero|no)loss(?:es)?|100%guaranteed|risk-?free(?!rate|interestrate|asset|bond|return(?:rate)?of|securit)|norisk(?:atall|whatsoever)?|zerorisk|withoutanyrisk|noriskatall|100%safe|totallysafe|completelysafe|absolutelysafe|perfectlysafe|nodownside',
    ],
    weak: [
      '(?:几乎|基本|基本上|差不多)(?:没有?|无|零)(?:什么)?风险(?!测评|评估|等级|承受|提示|揭示|意识|偏好)',
      '风险(?:几乎|基本)(?:为零|为0|没有|可以忽略)',
    ],
  },
  {
    code: 'promise_sure_profit',
    label: '肯定赚钱',
    reason: '不得保证盈利或宣称只赚不赔',
    words: [
      '只赚不赔',
      '零亏损',
      '0亏损',
      '唔会蚀',
      '唔蚀本',
      '冇得蚀',
      '稳赚唔蚀',
      '稳赚唔赔',
      '包冇蚀',
      '只赚不亏',
      '只涨不跌',
      '稳赚不赔',
      '稳赚不亏',
      '包赚不赔',
      '包赚',
      '保赚',
      '准赚',
      '必赚',
      '稳赢',
      '躺赚',
      '白捡',
      '绝无亏损',
      '毫无亏损',
      '决无亏损',
      '闭眼买',
      '闭眼入',
      '无脑买',
      '无脑入',
      '坐等收钱',
      '坐着收钱',
      '十拿九稳',
      '不可能亏',
      '不会亏钱',
      '亏不了',
      '赔不了',
      '不会赔',
      '永不亏',
      '永远不亏',
      '绝不亏',
      '从来不亏',
      '稳稳地赚',
      '稳稳的赚',
      '稳稳赚',
      '买了就赚',
      '买就赚',
      '买到就是赚到',
      '赚定了',
      '赢定了',
      '挣定了',
      '稳涨',
      '必涨',
      '必升',
      '稳升',
      '包涨',
      '只涨不降',
    ],
    patterns: [
      `躺(?:着|平)?(?:就|也)?(?:能|可以|都能)?(?:赚|挣|收钱|数钱|拿收益)`,
      `(?:肯定|必定|保证|绝对|铁定|必然|百分百|百分之百|100%|稳)${GAP(2, '要想')}(?:赚|盈利|挣钱|获利|回本|有收益|正收益)`,
      `(?<![有在])一定${GAP(2, '要想')}(?:赚|盈利|挣钱|获利|回本)(?!钱效应|效应)`,
      `(?:肯定|一定|保证|绝对|铁定|必然|包|保)(?:你|您)?(?:不会|不可能|不|没)(?:亏|赔|跌|损失)`,
      `(?:亏|赔)(?:钱|本)?(?:是)?(?:不可能|不了)`,
      `(?:绝对不会|绝不会|不会|不可能)(?:亏|赔)(?:的|钱|本)?(?!的概率|的可能|太多|很多|多少|得太|到哪|损|不亏)`,
      `谁说${GAP(6)}(?:会亏|会赔|有风险|不保本|不赚钱)`,
      `(?:绝对不会|绝不会|不会|不可能|绝不可能)(?:出现|有|发生|产生|造成)(?:任何)?(?:亏损|损失|亏本|本金损失|回撤)`,
      `(?:承诺|保证|确保|担保)(?:您|你|客户)?(?:绝对)?(?:不会|不|绝不|零)(?:亏|赔|亏损|损失|亏本|赔钱)`,
      `(?:肯定|必定|保证|绝对|铁定|必然|一定|稳)(?:能|会|可以)?(?:翻倍|翻番|翻一番|大涨|上涨|涨)(?!跌|幅|价|停)`,
      `只(?:会|能)?涨不(?:会|能)?跌`,
      `(?:打包票|打保票|拍胸脯|拍着胸脯)`,
      `闭(?:着)?眼(?:睛)?${GAP(3)}(?:买|入|赚|挣|投|拿)`,
      `(?:不用|不必|无需|无须|不需要)(?:担心|害怕|怕)${GAP(2)}(?:亏|赔|损失)`,
      `(?:买|入|投)(?:入|了|进|进去)?就(?:能|会|可以|一定|肯定)?(?:赚|挣|盈利|有收益)`,
      `(?:都|也|绝|永远|根本|完全|绝对)(?:不会|不可能)(?:亏|赔)`,
      `(?:赚钱|盈利|赚)(?:是)?(?:肯定|稳稳|没跑|没问题|妥妥|板上钉钉)`,
      `(?:包|保)(?:你|您)(?:赚|盈利|挣|发财)`,
      `(?:怎么可能|怎么会|哪会|哪能|难道还会|难道会)(?:亏|赔|跌)`,
      "(?:can'?t|cannot|never|won'?t|wont)lose(?:money)?|surewin|sureprofit|guaranteedwin|onlyup|alwaysmakemoney|neverlosemoney",
    ],
    weak: ['(?:从来|从|从未|一直)(?:没|没有|未)(?:亏|亏损|亏过)', '(?:从来|一直|就|都)(?:没|没有|未)(?:跌|亏)过'],
  },
  {
    code: 'promise_loss_cover',
    label: '亏损兜底',
    reason: '不得承诺替客户承担或补偿投资损失',
    words: ['亏损全赔', '亏了全赔', '亏损包赔', '亏多少赔多少', '亏多少补多少', '赔多少补多少'],
    patterns: [
      `${LOSS}${GAP(8, '您你客户者人')}${COVERER}${BY}*${COVER}`,
      `${COVERER}${BY}*${COVER}${GAP(6)}(?:${LOSS}|本金)`,
      `(?:${LOSS}|本金)${GAP(6, '您你客户者人')}(?:算|记|找)${COVERER}`,
      `(?:${LOSS}|本金)${GAP(6, '您你客户者人')}${COVERER}(?:来|会|都|给您|给你|全额|全部|负责)*(?:兜底|兜着|负责(?!管|运|操|调|分析|解释|对接|托管|保管|打理|跟踪)|包了|担着)`,
      `(?:亏|赔|损失)多少${GAP(6)}(?:补|赔|返|给)${GAP(2)}多少`,
      `${LOSS}${GAP(3)}(?:全退|包退|包赔|全赔|退本金|退还本金)`,
      `${LOSS}${GAP(3)}(?:全额|全部|如数|百分百|100%|双倍|照单)(?:补偿|赔付|赔偿|赔|补|返还|报销|兜底|承担)`,
      `${COVERER}(?:来|会|都|全额|全部)*兜底`,
      `有${COVERER}(?:在|兜着|兜底|担着|扛着|托底|托着|保底|负责)`,
      `${LOSS}${GAP(4)}(?:不用|不需要|无需|不必|不要|用不着)(?:您|你|客户)(?:来)?(?:承担|负责|操心|出钱|掏钱|买单)`,
      "loss(?:es)?(?:we|i)(?:'?ll|will)?(?:pay|cover|refund|compensate|makeup|reimburse)|(?:we|i)(?:'?ll|will)?(?:pay|give)(?:them|it|you)(?:all)?back",
      `${COVERER}(?:来|会|都)?(?:全额|全部|如数|双倍)(?:补偿|赔付|赔偿|补|赔|承担)`,
      "(?:we|i)(?:'?ll|will)?(?:makeup|compensate|reimburse|refund)(?:you)?(?:for)?(?:all|any)?(?:of)?(?:your)?loss|(?:we|i)(?:'?ll|will)?(?:fully)?cover(?:all|any)?(?:of)?(?:your)?loss|(?:we|i)(?:'?ll|will)?(?:make|pay)(?:you)?(?:good|back)(?:on)?(?:any|all|your)?loss|losses(?:are|will be)?(?:fully)?(?:covered|compensated)",
    ],
    weak: [],
  },
  {
    code: 'promise_rigid_redemption',
    label: '刚性兑付',
    reason: '资管产品不得刚性兑付，也不得承诺到期足额兑付',
    words: ['刚性兑付', '刚兑', '保证兑付', '承诺兑付', '确保兑付', '兑付有保障', '兑付有保证', '兑付无忧', '到期必兑'],
    patterns: [
      `(?:保证|承诺|确保|100%|百分百|绝对|一定|肯定|必定|包)(?:到期|按时|如期|按期|准时|及时|足额|全额)*(?:兑付|还本付息|还本)`,
      `(?:到期|按时|如期)${GAP(2)}(?:足额|全额)?兑付${GAP(2)}(?:本金|本息|没问题|保证|有保障)`,
      `还本付息${GAP(2)}(?:有保障|有保证|保证|无忧)`,
      `兑付${GAP(4)}(?:百分百|100%|绝对|肯定|一定)?(?:没问题|有保障|有保证|无忧|放心)`,
    ],
    weak: [],
  },
  {
    code: 'promise_expected_return',
    label: '预期收益率',
    reason: '资管新规后不得使用“预期收益率”“预期年化”等说法宣传产品',
    words: ['预期年化', '预期回报率', '预期年收益'],
    patterns: [
      '预期收益率(?!曲线)',
      `预期(?:收益|回报)${GAP(3)}(?:${RATE}|${NUM}|可达|高达|达到|约|在)`,
      `expected(?:annual(?:ized)?)?(?:returns?|yields?)(?:of|is|at|around|about)?\\d`,
    ],
    weak: [],
  },
];

/** Terms of art that contain a rule's word but promise nothing ("无风险利率" in a Sharpe ratio). */
export const PROMISE_EXEMPT_TERMS: readonly string[] = [
  '无风险利率',
  '无风险收益率',
  '固定收益',
  '政策兜底',
  '打破刚兑',
  '打破刚性兑付',
];

/**
 * A match preceded by one of these (in its clause) is a disclosure, not a promise: 不保本, 不承诺保本,
 * 非保本, 无法保证收益, 没有人能保证收益, 严禁承诺保本. A negation that is really reassurance
 * (不用担心, 不怕, 不仅) does not count.
 */
export const NEGATION_BEFORE =
  '(?:不|非(?!常|凡)|无法|没有(?!问题)|没(?!事|问题|关系)|并未|未(?!来)|禁止|严禁|切勿|杜绝|谨防|警惕|提防|防范|当心|小心|远离|拒绝|打破|取消|所谓|谁也|谁都|never|not|cannot|cant|dont|doesnt|isnt|arent|without|nobody|nosuchthingas(?:an?)?$|no(?!risk))(?!用|必|怕|担心|愁|管|论|仅|但|只|光|到|止|少|错|断|停|妨|然|如|要犹豫|要错过|要怕|要担心|会亏|亏|赔|跌|低于|少于)[^，]{0,8}$';
/** …or followed by one of these in its sentence: "零风险的投资并不存在", "保本型产品已经退出市场". */
export const NEGATION_AFTER =
  '^.{0,10}?(?:(?:都)?(?:请|要|需|需要|务必)?(?:警惕|小心|当心|提防|谨防)|不再(?:保本|保证|承诺|刚兑|有|提供|存在|发行)|(?:已经?|已)?转型|并不存在|不存在|是不存在|是没有的|是骗局|是谎言|骗人|都是骗|是骗|不可信|不可能存在|退出市场|已退出|已经退出|成为历史|不复存在|已经没有|不再有|被禁止|被叫停|已被叫停|已取消|已经取消|被取消|已经结束|(?:被|遭)[^，]{0,4}(?:禁止|叫停|取缔|打破|取消)|已经?(?:被)?(?:禁止|叫停|取缔)|打破|被打破|破除|已破|不允许|(?<!不)违规|(?<!不)违法|不合规|不靠谱|误导|虚假|不实|谣言|被取代|isnot|isnt|doesnotexist|doesntexist|isamyth|notallowed)';
/**
 * A clause that asks about the words rather than saying them: 这只基金保本吗, 会不会亏本金, 收益能保证吗,
 * 是否保本, is it guaranteed? Before the words or after them, in the same clause.
 */
export const QUESTION_BEFORE =
  '(?:会不会|能不能|是不是|有没有|有无|是否|关于|问的|问过|问到|提到的|可不可以|可否|能否|请问|问一下|问下|咨询|想问|想知道|确认一下|(?<!不管|无论|不论)(?:怎么|什么)|如何|哪些|哪个|哪家|哪只|哪款|为什么|为何|isit|isthis|arethey|arethe|doesit|doesthis|canit|willit|canyou|doyou)';
/** The same after the words, to the end of their clause ("保本吗", "保本的有哪些", "能保证收益不"). */
export const QUESTION_AFTER =
  '^(?:的?问题|.*(?:吗|嘛|呢|与否|有哪些|有什么|是多少|是什么|怎么样|好不好|对不对|真的假的)|.{0,3}(?:吧|么|不|没|没有)$)';
/** Hearsay a question asks about ("听说你们的产品保本，能确认一下吗？"): the words are reported, not said. */
export const HEARSAY = '(?:听说|据说|听人说|有人说|网上说|别人说|朋友说|他们说|听朋友说)';
/** A short clause that only asks about the one before it: "保本的，有吗？". */
export const QUESTION_SHORT =
  '^(?:有吗|有没有|是吗|对吗|真的吗|可以吗|行吗|能吗|是不是|对不对|有没|会吗|能做到吗|真的假的|靠谱吗|可靠吗|是真的吗|是不是真的|可信吗|真的假的呢)$';
/**
 * A question the writer answers at once, across the question mark: "风险？不存在的", "会亏吗？不会！".
 * Matched on the normalised text with its punctuation; the rule is the kind of promise the answer makes.
 */
export const ANSWERED_QUESTIONS: readonly { rule: PromiseRuleCode; pattern: string }[] = [
  {
    rule: 'promise_loss_cover',
    pattern: '(?:亏|赔|损失)[^。!?;]{0,6}\\?+[\\s]*(?:找我|(?:我|我们|公司|平台)[^。!?;]{0,4}(?:补|赔|兜底|承担|负责))',
  },
  {
    rule: 'promise_sure_profit',
    pattern:
      '(?:赚|赚钱|盈利|挣钱|有收益|能赚|涨)[^。!?;]{0,4}\\?+[\\s]*(?:那|这)?(?:必须|当然|肯定|绝对|一定|妥妥|没问题)(?!不|没)',
  },
  { rule: 'promise_no_risk', pattern: '风险[^。!?;]{0,6}\\?+[\\s]*(?:不存在|没有|没的|零|为零|放心|完全没有)' },
  {
    rule: 'promise_sure_profit',
    pattern: '(?:亏|赔|亏损|损失)[^。!?;]{0,6}\\?+[\\s]*(?:不会|不可能|绝对不|放心|没有的事|怎么可能|不存在)',
  },
];
/**
 * The start of the sentence after a question that answers it yes or pushes the sale ("稳赚吗？那必须的",
 * "想要稳赚吗？买它就行"): the question's words are then said, not asked. "当然不能" answers no.
 */
export const AFFIRMED_AFTER =
  '^(?:那必须|必须|当然|肯定|绝对|必然|一定|妥妥|没问题|没错|那是|是的|对的|对|放心|包的|买它|选它|就选|就买|就它|快来|快买|赶紧|抓紧|上车|冲|扫码|私信|联系我|点击|立即|马上|yes|ofcourse|absolutely|definitely|buy)(?!不|没|无|非|未|能保证|一定)';
/** Rhetoric that a question does not excuse: 难道还会亏吗, 还等什么, 哪有什么风险. */
export const RHETORICAL =
  '(?:还怕|怕什么|还等什么|还犹豫|还在犹豫|还担心|担心什么|谁不想|心动|还不|不香|何乐而不为|为什么不)';
/**
 * Rhetoric that turns what follows around: "难道保本吗" and "哪有保本的" deny a guarantee (no promise), but
 * "难道您不想要稳赚的收益吗" asserts one (a negation inside turns it back). A rule's own words that begin
 * with one of these ("怎么可能亏", "哪有什么风险", "谁说理财会亏") are a promise whatever the clause says.
 */
export const INVERTING = '(?:难道|谁说|哪有|哪里有|哪来|怎么会|怎么可能|哪会|哪能)';
/**
 * A customer's wish is no promise ("我想要保本的产品"): one of these just before the words of a
 * principal, return, risk or profit rule (not a loss cover, which names who pays).
 */
export const WISH_BEFORE =
  '(?:想|想要|希望|要求|需要|偏好|追求|注重|重视|关注|看重|在意|寻找|倾向|考虑|求|喜欢|适合|找|接受|只买|只要)(?:要|找|买|投|个|只|款|一个|一只|一款|些|点|的|稳健)*$';

/**
 * Words a homophone or pinyin in Latin letters may stand for (宝本, 饱本, baoben, wen zhuan): matched
 * on the pinyin of the text, and held for a reviewer. `latinOnly`: the pinyin is too common among
 * ordinary words to trust Chinese homophones (刚对 reads gangdui); `not`: characters that make an
 * ordinary word instead (年报本期, 季报收益).
 */
export interface HomophoneWord {
  word: string;
  rule: PromiseRuleCode;
  latinOnly?: boolean;
  not?: string;
}
export const HOMOPHONE_WORDS: readonly HomophoneWord[] = [
  { word: '保本', rule: 'promise_principal', not: '报' },
  { word: '保本保息', rule: 'promise_principal' },
  { word: '本金安全', rule: 'promise_principal' },
  { word: '本息全保', rule: 'promise_principal' },
  { word: '兜底', rule: 'promise_principal', latinOnly: true },
  { word: '保收益', rule: 'promise_return', not: '报' },
  { word: '保证收益', rule: 'promise_return' },
  { word: '收益保证', rule: 'promise_return' },
  { word: '保底收益', rule: 'promise_return' },
  { word: '稳赚', rule: 'promise_return', not: '文问闻温' },
  { word: '稳赚不赔', rule: 'promise_sure_profit' },
  { word: '只赚不亏', rule: 'promise_sure_profit' },
  { word: '躺赚', rule: 'promise_sure_profit' },
  { word: '必赚', rule: 'promise_sure_profit', latinOnly: true },
  { word: '零风险', rule: 'promise_no_risk' },
  { word: '无风险', rule: 'promise_no_risk', latinOnly: true },
  { word: '刚兑', rule: 'promise_rigid_redemption', latinOnly: true },
  { word: '刚性兑付', rule: 'promise_rigid_redemption' },
  { word: '刚兑付', rule: 'promise_rigid_redemption' },
  { word: '预期收益', rule: 'promise_expected_return', latinOnly: true },
  { word: '预期年化', rule: 'promise_expected_return' },
];

/** Words a customer's question may not contain (politics, insults, off-platform dealing). */
export const SENSITIVE_WORDS = [
  '代客理财',
  '内幕消息',
  '内幕交易',
  '荐股',
  '私下转账',
  '赌博',
  '傻逼',
  '操纵股价',
  '洗钱',
] as const;

export const PERSONAL_LABELS: Readonly<Record<PersonalRuleCode, string>> = {
  id_number: '身份证号',
  bank_card: '银行卡号',
  mobile: '手机号',
};

/** Where a text is written: its noun in the reasons, and what a personal number there does. */
export type PolicyPlace =
  'question' | 'answer' | 'leave_message' | 'article' | 'material' | 'share' | 'name' | 'message';
export interface PlaceRule {
  noun: string;
  /**
   * refuse: the writer takes it out (short texts whose point is not the number);
   * mask: the text is kept with the number hidden (a message or pasted article whose content matters).
   */
  personal: 'refuse' | 'mask';
}
export const POLICY_PLACES: Readonly<Record<PolicyPlace, PlaceRule>> = {
  question: { noun: '提问', personal: 'refuse' },
  answer: { noun: '回答', personal: 'refuse' },
  leave_message: { noun: '留言', personal: 'mask' },
  article: { noun: '文章', personal: 'mask' },
  material: { noun: '素材', personal: 'refuse' },
  share: { noun: '分享页', personal: 'refuse' },
  name: { noun: '姓名', personal: 'refuse' },
  /** 发消息's plain text to a customer in WeCom. */
  message: { noun: '消息', personal: 'refuse' },
};

/**
 * Error codes of a policy refusal (HTTP 400). The promise code keeps the number the store's answer
 * check used before, so clients that knew it still do.
 */
export const PolicyErrorCode = { promise: 180104, personalNumber: 180190, sensitiveWord: 180103 } as const;

/** One thing the policy found. `word` is the compacted match for promises; for numbers only the last four digits. */
export type PolicyHit =
  | { rule: PromiseRuleCode; word: string }
  | { rule: 'sensitive_word'; word: string }
  | { rule: PersonalRuleCode; tail: string };

/** The words a person reads for a refusal: which rule, what to do. The server sends exactly this. */
export function policyMessage(hit: PolicyHit, place: PolicyPlace): string {
  const noun = POLICY_PLACES[place].noun;
  if ('tail' in hit) return `请勿在${noun}中填写${PERSONAL_LABELS[hit.rule]}，请删除后再提交`;
  if (hit.rule === 'sensitive_word') return `${noun}包含敏感词「${hit.word}」，请修改后再提交`;
  return `${noun}含有保本保收益类承诺用语「${hit.word}」，请修改后再提交`;
}

const RULE_BY_CODE = new Map(PROMISE_RULES.map((r) => [r.code, r]));

/** Why a hit stops a text: the rule's label and reason ("亏损兜底：不得承诺替客户承担或补偿投资损失"). */
export function policyReason(hit: PolicyHit): string | null {
  if ('tail' in hit || hit.rule === 'sensitive_word') return null;
  const rule = RULE_BY_CODE.get(hit.rule);
  return rule ? `${rule.label}：${rule.reason}` : null;
}

/** What the writer of a held text reads: it is kept, but only they see it until a reviewer approves. */
export function heldMessage(hit: { rule: PromiseRuleCode; word: string }, place: PolicyPlace): string {
  const label = RULE_BY_CODE.get(hit.rule)?.label ?? '承诺';
  return `待合规审核：${POLICY_PLACES[place].noun}中「${hit.word}」疑似${label}类承诺用语，审核通过前仅您本人可见`;
}

/** What a masked text says in place of the number, and the note the writer reads before sending. */
export const maskMarker = (rule: PersonalRuleCode) => `【已隐去${PERSONAL_LABELS[rule]}】`;
export const maskedNotice = (rules: readonly PersonalRuleCode[]) =>
  `为保护您的隐私，发送时将隐去${[...new Set(rules)].map((r) => PERSONAL_LABELS[r]).join('、')}`;

export function policyErrorCode(hit: PolicyHit): number {
  if ('tail' in hit) return PolicyErrorCode.personalNumber;
  return hit.rule === 'sensitive_word' ? PolicyErrorCode.sensitiveWord : PolicyErrorCode.promise;
}
