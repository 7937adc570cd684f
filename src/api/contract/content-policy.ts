/**
 * The content policy's rule data, one copy for the server (which enforces it on every text that
 * reaches a customer or the public) and the client (which shows the same reason before sending).
 * Plain data, no TypeBox. The matcher is src/lib/content-policy; words and patterns are written in
 * simplified Chinese against the compacted text (NFKC, no format characters, traditional→simplified,
 * lower case, no spaces, punctuation or symbols: "100%" is matched as "100").
 */

/** A rule's code: the `reason` of its compliance_events row and the key of its wording. */
export type PromiseRuleCode = 'promise_principal' | 'promise_return' | 'promise_no_risk' | 'promise_sure_profit';
export type PersonalRuleCode = 'id_number' | 'bank_card' | 'mobile';

export interface PromiseRule {
  code: PromiseRuleCode;
  label: string;
  /** Literal words (compacted form). */
  words: readonly string[];
  /** Regular-expression sources for word-order variants and gaps ("年化…保证"). */
  patterns: readonly string[];
}

/** A gap between the parts of a pattern: a few characters, none of them a negation. */
const GAP = (max: number) => `[^不非没未无]{0,${max}}`;

export const PROMISE_RULES: readonly PromiseRule[] = [
  {
    code: 'promise_principal',
    label: '保本',
    words: [
      '保本',
      '保证本金',
      '保住本金',
      '不亏本金',
      '不会亏本',
      '亏损全赔',
      '亏了全赔',
      '亏损包赔',
      '刚性兑付',
      '刚兑',
      '本金100安全',
      '本金百分百安全',
    ],
    patterns: [`本金${GAP(4)}(保障|保证|无忧|无损|不受损|不会损失|绝对安全|稳稳)`],
  },
  {
    code: 'promise_return',
    label: '保收益',
    words: [
      '保证收益',
      '保收益',
      '保底收益',
      '保底回报',
      '承诺收益',
      '保证回报',
      '稳赚',
      '稳稳赚',
      '稳稳地赚',
      '稳稳的赚',
      '包赚',
      '保赚',
      '准赚',
      '必赚',
      '稳赢',
      '稳拿收益',
      '旱涝保收',
      '躺赚',
    ],
    patterns: [
      `年化${GAP(15)}(保证|确保|保障|锁定|承诺|稳拿|稳得|包)`,
      `(保证|确保|承诺|锁定|保障)${GAP(6)}(年化|收益率|回报率|收益|回报|利息)`,
      `(收益|回报|利息)${GAP(4)}(有保证|有保障|保证|保障|确保|稳稳)`,
    ],
  },
  {
    code: 'promise_no_risk',
    label: '零风险',
    words: [
      '零风险',
      '无风险',
      '0风险',
      '没有风险',
      '没风险',
      '毫无风险',
      '风险为零',
      '风险为0',
      '没有任何风险',
      '无任何风险',
      '风险全无',
      '绝对安全',
      '百分百安全',
      '100安全',
    ],
    patterns: [],
  },
  {
    code: 'promise_sure_profit',
    label: '肯定赚钱',
    words: [
      '肯定赚钱',
      '一定赚钱',
      '保证赚钱',
      '必定赚钱',
      '只赚不赔',
      '只赚不亏',
      '只涨不跌',
      '稳赚不赔',
      '包赚不赔',
      '不可能亏',
      '不会亏钱',
      '闭眼买',
      '闭着眼睛买',
      '100赚',
      '百分百赚',
      '百分之百赚',
    ],
    patterns: [
      `(肯定|必定|保证|绝对|铁定|必然|百分百|百分之百)${GAP(2)}(赚|盈利|挣钱|获利|回本)`,
      `(肯定|一定|保证|绝对|铁定|必然)[^非没未]{0,2}(不会|不可能|不)(亏|赔|跌|损失)`,
      `(亏|赔)(钱|本)?(是)?(不可能|不了)`,
      `(赚钱|盈利|赚)(是)?(肯定|稳稳|没跑|没问题)`,
    ],
  },
];

/** Terms of art that contain a rule's word but promise nothing ("无风险利率" in a Sharpe ratio). */
export const PROMISE_EXEMPT_TERMS: readonly string[] = ['无风险利率'];

/**
 * A match preceded by one of these is a disclosure, not a promise: 不保本, 不承诺保本, 非保本,
 * 无法保证收益, 不存在零风险, 严禁承诺保本. Tested against the compacted text just before the match.
 */
export const NEGATION_BEFORE =
  '(不|非|无法|没有|并未|未|禁止|严禁|切勿|杜绝|谨防|警惕|拒绝)(是|为|能|会|可|得|能够|可以|一定|代表|等于|意味着|属于|存在|有|承诺|保证|作出|做出|向客户|向投资者|对外|所谓|任何)*$';
/** …or followed by one of these: "零风险的投资并不存在", "保本是骗局". */
export const NEGATION_AFTER = '^.{0,8}?(并不存在|不存在|是不存在|是没有的|是骗局|是谎言|都是骗|不可信|不可能存在)';

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

/** What a masked text says in place of the number, and the note the writer reads before sending. */
export const maskMarker = (rule: PersonalRuleCode) => `【已隐去${PERSONAL_LABELS[rule]}】`;
export const maskedNotice = (rules: readonly PersonalRuleCode[]) =>
  `为保护您的隐私，发送时将隐去${[...new Set(rules)].map((r) => PERSONAL_LABELS[r]).join('、')}`;

export function policyErrorCode(hit: PolicyHit): number {
  if ('tail' in hit) return PolicyErrorCode.personalNumber;
  return hit.rule === 'sensitive_word' ? PolicyErrorCode.sensitiveWord : PolicyErrorCode.promise;
}
