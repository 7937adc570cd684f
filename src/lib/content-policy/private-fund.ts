/**
 * Does a text promote a private fund (docs/compliance.md "Risk labels and private funds")? Private funds may
 * be promoted only to specific qualified investors, so a material that pitches one must name (link) the product:
 * then suitability decides per recipient. One that describes a private fund without naming it could go to
 * anyone, and is held. Pure: the server decides with it, a composer may hint with it.
 *
 * Two kinds of words. Some say on their own that a text is about a private fund on offer: the audience
 * (合格投资者, 高净值专属) or the threshold (100万起投). Others name the kind of fund (私募, 对冲基金, CTA, 量化中性)
 * and are promotion only with a pitch around them (a specific fund, subscription, returns, a call to act):
 * "私募基金和公募基金有什么区别" teaches, "一只CTA私募本周开放申购" sells. A disclaimer that denies the kind
 * (本产品不是私募基金, 不构成私募产品推介) says nothing of a private fund, and is read past.
 */

export type PrivateFundSignalKind = 'audience' | 'threshold' | 'kind';

export interface PrivateFundSignal {
  kind: PrivateFundSignalKind;
  word: string;
}

export interface PrivateFundFinding {
  promotion: boolean;
  /** What was found (the words a reviewer reads); empty when nothing speaks of a private fund. */
  signals: PrivateFundSignal[];
}

/** Traditional forms of the characters the rules use, so 對沖基金 and 合格投資者 read as 对冲基金 and 合格投资者. */
const TRAD: Readonly<Record<string, string>> = {
  資: '资',
  對: '对',
  沖: '冲',
  認: '认',
  陽: '阳',
  門: '门',
  檻: '槛',
  萬: '万',
  證: '证',
  產: '产',
  專: '专',
  淨: '净',
  額: '额',
  開: '开',
  購: '购',
  億: '亿',
  優: '优',
  選: '选',
  預: '预',
  約: '约',
  業: '业',
  績: '绩',
  聯: '联',
  繫: '系',
  這: '这',
  隻: '只',
  們: '们',
  與: '与',
  屬: '属',
  險: '险',
};

/**
 * Full-width to half-width, traditional to simplified, lower case; spaces go (100 万元 → 100万元) except one
 * between two Latin words (hedge fund).
 */
export function normaliseForPrivateFund(text: string): string {
  return text
    .normalize('NFKC')
    .replace(/\p{Script=Han}/gu, (ch) => TRAD[ch] ?? ch)
    .toLowerCase()
    .replace(/[\s\u200b]+/g, ' ')
    .replace(/(?<![a-z]) | (?![a-z])/g, '');
}

const KIND_WORD = String.raw`(?:私募|对冲基金|合格投资者)`;
/**
 * A disclaimer that denies the kind: the negation, then at most a few characters of the same clause, then the
 * kind word (本产品不是私募基金, 不构成私募产品推介, 非私募). 非合格投资者 is a warning inside a pitch: read
 * past like the others, the pitch's other words still count.
 */
const DENIAL = new RegExp(
  String.raw`(?:(?:不是|并非|并不是|并不属于|不属于|不构成|不涉及|不含|不包括|不包含|无关)[^，。；！？,.;!?]{0,8}?|非)${KIND_WORD}|\bnot (?:an? )?(?:hedge fund|private fund)`,
  'g',
);

const NUMBER_MILLION = String.raw`(?:[1-9]\d{2,}|一百|壹佰|百)万`;

const AUDIENCE: readonly RegExp[] = [
  /合格投资者/,
  /高净值(?:客户|人士|投资者)?(?:专属|专享|定制|尊享)/,
  /(?:qualified|accredited) investors?/,
];
const THRESHOLD: readonly RegExp[] = [
  new RegExp(String.raw`${NUMBER_MILLION}元?(?:人民币)?(?:起投|起购|起步|起点|起|门槛)`),
  new RegExp(
    String.raw`(?:起投|起购|认购起点|申购起点|投资门槛|起投门槛|门槛)(?:金额)?(?:为|是|：|:)?${NUMBER_MILLION}`,
  ),
];
const KIND: readonly RegExp[] = [
  /阳光私募|量化私募|私募证券投资基金|私募基金|私募产品|私募/,
  /对冲基金|量化对冲|量化中性|市场中性|管理期货/,
  /(?<![a-z])cta(?![a-z])/,
  /hedge funds?|private funds?|private equity/,
];
/** Words around a kind word that make it a pitch of one fund rather than talk about the kind. */
const PITCH =
  /一只|这只|该(?:产品|基金)|本(?:产品|基金)|我们的|我司|合作|开放|申购|认购|预约|额度|名额|募集|发行|首发|打款|起投|收益|业绩|净值|年化|回撤|私信|联系我|咨询我|上线|封闭期|推荐|优选|精选|\d(?:\.\d+)?%|subscri|returns?/;

function firstMatch(text: string, rules: readonly RegExp[]): string | null {
  for (const rule of rules) {
    const found = rule.exec(text);
    if (found) return found[0];
  }
  return null;
}

/** Whether the text promotes a private fund, and the words that say so. */
export function findPrivateFundPromotion(text: string): PrivateFundFinding {
  const plain = normaliseForPrivateFund(text).replace(DENIAL, '，');
  const signals: PrivateFundSignal[] = [];
  const audience = firstMatch(plain, AUDIENCE);
  if (audience) signals.push({ kind: 'audience', word: audience });
  const threshold = firstMatch(plain, THRESHOLD);
  if (threshold) signals.push({ kind: 'threshold', word: threshold });
  const kind = firstMatch(plain, KIND);
  if (kind) signals.push({ kind: 'kind', word: kind });
  const promotion = Boolean(audience || threshold || (kind && PITCH.test(plain.replace(kind, ''))));
  return { promotion, signals };
}

/** The reason a forward of an unnamed private-fund pitch is refused: what the adviser reads. */
export const PRIVATE_FUND_UNNAMED_TEXT = '该内容涉及私募产品宣传，须关联具体产品并通过合规审核后才能发送';
