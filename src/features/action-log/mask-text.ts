/**
 * Free text in a log (a message typed in a live room, a question, the report's note) loses the people in it
 * and keeps the clues: names become `[name:…]`, amounts an order of magnitude (`[¥10万-100万]`: a developer
 * still sees that a number was big), long digit runs `[number:…]`; short numbers (a live id, a fund code, a
 * step, six digits or fewer), public product and presenter names and ordinary words stay readable.
 * Client and server use it through the one redactor (redact.ts).
 *
 * Names: two rules together, chosen over masking every name-like span (any two Han characters look like a
 * name) and over the honorific rule alone (it misses a name typed bare, "张三丰的持仓不对"):
 * 1. the span after a word that introduces a person (客户 / 用户 / 理财师 …) or before a title (先生 / 女士 …);
 * 2. a common surname (the table covers roughly 85% of people in China, compound ones included) with the one
 *    or two Han characters after it, unless it starts an ordinary word (白屏, 金额, 顾问 …) or a public name.
 */

/** A span produced by redaction: never scanned again, so one placeholder is never cut into by another. */
export const PROTECTED_SPAN =
  /\[(?:token|signature|phone|id|code|name|value|number|user):[0-9a-z]{7}\]|\[-?¥[^\]\s]{1,16}\]/g;

const HAS_PROTECTED = new RegExp(PROTECTED_SPAN.source);

const COMPOUND_SURNAMES = [
  '欧阳',
  '司马',
  '上官',
  '诸葛',
  '东方',
  '皇甫',
  '尉迟',
  '公孙',
  '慕容',
  '长孙',
  '宇文',
  '司徒',
  '夏侯',
  '令狐',
  '端木',
];
const SURNAMES =
  '王李张刘陈杨黄赵吴周徐孙马朱胡郭何高林罗郑梁谢宋唐许韩冯邓曹彭曾肖田董袁潘于蒋蔡余杜叶程苏魏吕丁任沈姚卢姜崔钟谭陆汪范金石廖贾夏韦付方白邹孟熊秦邱江尹薛闫段雷侯龙史陶黎贺顾毛郝龚邵万钱严覃武戴莫孔向汤';

/**
 * Ordinary words that start with a surname's character, as they appear in bug reports and app texts:
 * kept, since a masked "白屏" tells the developer nothing. Two characters each; a name that happens to
 * start the same way (白屏东) is rare next to the word.
 */
const ORDINARY_WORDS = new Set(
  (
    '白屏 白色 白天 白底 白板 高度 高级 高端 高收 高风 周末 周期 周一 周二 周三 周四 周五 周六 周日 周年 周边 方法 方便 方案 ' +
    '方向 方式 方面 金额 金融 黄金 余额 余下 程序 任何 任务 于是 许多 许可 谢谢 曾经 董事 顾问 顾客 马上 钱包 严重 ' +
    '严格 熊市 范围 付款 付费 陆续 向上 向下 江湖 石油 毛利 段落 龙头 万元 万一 何时 何况 时间 王牌 李子 张开 ' +
    '刘海 陈列 黄色 赵公 吴中 徐徐 孙子 朱红 胡乱 郭外 林业 罗列 郑重 梁上 宋体 唐突 韩国 冯唐 邓小 曹操 彭湃 ' +
    '肖像 田地 袁大 潘家 蒋公 蔡家 杜绝 叶子 苏州 魏晋 吕梁 丁点 沈阳 姚明 卢布 姜汤 崔巍 钟表 谭家 陆地 汪洋 ' +
    '贾家 夏天 夏季 韦伯 付出 邹城 孟夏 秦朝 邱陵 尹家 薛家 闫家 雷达 侯爵 史上 陶瓷 黎明 贺卡 毛病 郝家 龚家 ' +
    '邵家 钱款 覃家 武器 戴上 莫名 孔子 汤圆 石头 廖家 常见 高于 低于 金价 黄页 方才 向导 任意 于此 余量 万能'
  ).split(' '),
);

const HAN = '\\p{Script=Han}';
/** Words after which a person's name follows: 客户张三丰, 用户李四. */
const BEFORE_NAME = [
  '客户',
  '用户',
  '顾客',
  '投资人',
  '投资者',
  '理财师',
  '经理',
  '老师',
  '同事',
  '姓名',
  '名字',
  '叫',
];
/** Titles after a name: 张先生, 王女士, 李老师 (not 总: 总是, 总额). */
const AFTER_NAME = ['先生', '女士', '小姐', '老师', '阿姨', '经理'];

const afterIntro = new RegExp(`(${BEFORE_NAME.join('|')})([:：\\s]*)(${HAN}{2,3})`, 'gu');
const beforeTitle = new RegExp(`(${HAN}{1,2})(${AFTER_NAME.join('|')})`, 'gu');
const HAN_CHAR = new RegExp(HAN, 'u');
/** The length of a surname starting at `i` (2 for a compound one), or 0. */
function surnameAt(s: string, i: number): number {
  if (COMPOUND_SURNAMES.includes(s.slice(i, i + 2))) return 2;
  return SURNAMES.includes(s[i] as string) ? 1 : 0;
}

/** An amount: a currency sign before a number, or a number with a money unit after it. */
const AMOUNT =
  /(-?)[¥￥]\s*(\d[\d,，]*(?:\.\d+)?)\s*(万元|亿元|万|亿|元)?|(-?)(\d[\d,，]*(?:\.\d+)?)\s*(万元|亿元|千元|万|亿|千|元|块)/gu;
/** Seven digits or more (separators inside allowed): an account, an order number, an amount without a unit. */
const LONG_NUMBER = /(?<![\dA-Za-z.])\d(?:[\d,，]{5,}\d)(?![\dA-Za-z.])/gu;
const UNIT: Record<string, number> = { 万元: 1e4, 亿元: 1e8, 千元: 1e3, 万: 1e4, 亿: 1e8, 千: 1e3, 元: 1, 块: 1 };

/** Quick tests before the regular expressions run (most strings hold none of this). */
export const MAY_HOLD_AMOUNT = /[¥￥]|\d\s*(?:万|亿|千|元|块)|\d[\d,，]{5,}\d/u;
const MAY_HOLD_NAME = new RegExp(
  `[${SURNAMES}]|${COMPOUND_SURNAMES.join('|')}|${BEFORE_NAME.join('|')}|${AFTER_NAME.join('|')}`,
  'u',
);
/**
 * Characters that end a name rather than continue it when a sentence runs on without a break
 * (客户张伟说…, 张伟的持仓): a given name rarely uses them, a sentence uses them all the time.
 */
const ENDS_NAME = new Set('的说问电话在和与要想是反打给来去了也都就还又把被让对从称讲买卖看用不没很已但却称'.split(''));
/** How many characters of a name start at `at`: Han characters up to `max`, stopping where a sentence goes on. */
function nameLength(s: string, at: number, max: number): number {
  let n = 0;
  while (n < max && at + n < s.length) {
    const ch = s[at + n] as string;
    if (!HAN_CHAR.test(ch) || (n > 0 && ENDS_NAME.has(ch))) break;
    n += 1;
  }
  return n;
}

/** `¥1万-10万`: which power-of-ten band an amount of yuan falls in (in 万 from ten thousand up). */
export function magnitude(yuan: number): string {
  if (!Number.isFinite(yuan)) return '¥?';
  const sign = yuan < 0 ? '-' : '';
  const v = Math.abs(yuan);
  if (v === 0) return '¥0';
  if (v < 1e4) return `${sign}¥1万以下`;
  const label = (n: number) => (n >= 1e8 ? `${n / 1e8}亿` : `${n / 1e4}万`);
  const low = 10 ** Math.floor(Math.log10(v));
  if (low >= 1e10) return `${sign}¥100亿以上`;
  return `${sign}¥${label(low)}-${label(low * 10)}`;
}

const parseNumber = (digits: string) => Number(digits.replace(/[,，]/g, ''));

export interface TextMaskOptions {
  /** `[kind:label]` for a value (the redactor's keyed or salted placeholder). */
  placeholder: (kind: string, value: string) => string;
  /** Names that are public (products and presenters in the catalogue, fund codes): kept wherever they appear. */
  publicTerms?: ReadonlyArray<ReadonlySet<string>>;
}

/** Runs `fn` on the parts of `s` outside redaction's own spans. */
function outsideProtected(s: string, fn: (part: string) => string): string {
  if (!HAS_PROTECTED.test(s)) return fn(s);
  let out = '';
  let at = 0;
  for (const m of s.matchAll(PROTECTED_SPAN)) {
    out += fn(s.slice(at, m.index)) + m[0];
    at = m.index + m[0].length;
  }
  return out + fn(s.slice(at));
}

/** Amounts and long numbers, in any string (state texts such as "¥19,700.00" included). */
export function maskAmounts(s: string, opts: TextMaskOptions): string {
  if (!MAY_HOLD_AMOUNT.test(s)) return s;
  return outsideProtected(s, (part) =>
    part
      .replace(AMOUNT, (_m, s1: string, d1: string, u1: string, s2: string, d2: string, u2: string) => {
        const digits = d1 ?? d2;
        const unit = u1 ?? u2;
        const sign = (s1 ?? s2) === '-' ? -1 : 1;
        return `[${magnitude(sign * parseNumber(digits) * (unit ? (UNIT[unit] ?? 1) : 1))}]`;
      })
      .replace(LONG_NUMBER, (m) => opts.placeholder('number', m.replace(/[,，]/g, ''))),
  );
}

/** One expression per set of terms, compiled again when the set has grown (a catalogue refreshed, a name learned). */
const termPatterns = new WeakMap<ReadonlySet<string>, { size: number; re: RegExp | null }>();
function termPattern(terms: ReadonlySet<string>): RegExp | null {
  const known = termPatterns.get(terms);
  if (known && known.size === terms.size) return known.re;
  // Longest first, so a longer public name wins over a shorter one inside it.
  const words = [...terms].filter((t) => t.length >= 2).sort((a, b) => b.length - a.length);
  const re = words.length
    ? new RegExp(words.map((w) => w.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')).join('|'), 'gu')
    : null;
  termPatterns.set(terms, { size: terms.size, re });
  return re;
}

/** Public names in `s`, as [start, end) spans the name rules must not touch. */
function publicSpans(s: string, sets: ReadonlyArray<ReadonlySet<string>> | undefined): Array<[number, number]> {
  if (!sets) return [];
  const spans: Array<[number, number]> = [];
  for (const terms of sets) {
    const re = terms.size > 0 ? termPattern(terms) : null;
    if (!re) continue;
    for (const m of s.matchAll(re)) spans.push([m.index, m.index + m[0].length]);
  }
  return spans;
}

/** Names, then amounts: for text a person typed. */
export function maskFreeText(s: string, opts: TextMaskOptions): string {
  const withAmounts = maskAmounts(s, opts);
  if (!MAY_HOLD_NAME.test(withAmounts)) return withAmounts;
  return outsideProtected(withAmounts, (part) => {
    const kept = publicSpans(part, opts.publicTerms);
    const isPublic = (start: number, end: number) => kept.some(([a, b]) => start < b && end > a);
    const name = (n: string) => opts.placeholder('name', n);
    // Each rule marks its names with a private-use character pair, so a later rule never rescans them.
    const OPEN = '\uE000';
    const CLOSE = '\uE001';
    const marked = part
      .replace(afterIntro, (m, intro: string, gap: string, _who: string, offset: number) => {
        const start = intro.length + gap.length;
        const len = nameLength(m, start, 3);
        if (len < 2 || isPublic(offset + start, offset + start + len)) return m;
        return `${intro}${gap}${OPEN}${m.slice(start, start + len)}${CLOSE}${m.slice(start + len)}`;
      })
      .replace(beforeTitle, (m, who: string, title: string, offset: number, whole: string) => {
        if (whole.slice(0, offset).lastIndexOf(OPEN) > whole.slice(0, offset).lastIndexOf(CLOSE)) return m;
        return isPublic(offset, offset + who.length) || who.includes(CLOSE) ? m : `${OPEN}${who}${CLOSE}${title}`;
      });
    // Positions in `marked` differ from `part` once markers are in; public spans are found again there.
    const keptMarked = publicSpans(marked, opts.publicTerms);
    let out = '';
    let inside = false;
    for (let i = 0; i < marked.length;) {
      const ch = marked[i] as string;
      if (ch === OPEN || ch === CLOSE) inside = ch === OPEN;
      const surname = inside ? 0 : surnameAt(marked, i);
      if (surname === 0) {
        out += ch;
        i += 1;
        continue;
      }
      const givenStartsSentence = ENDS_NAME.has(marked[i + surname] ?? '');
      const end = givenStartsSentence ? i + surname : i + surname + nameLength(marked, i + surname, 2);
      const word = marked.slice(i, end);
      // An ordinary word or a public name: kept, and scanning goes on after it (金额张三: 张三 is still found).
      const publicEnd = keptMarked.find(([a, b]) => i >= a && i < b)?.[1];
      const to = ORDINARY_WORDS.has(marked.slice(i, i + 2))
        ? i + 2
        : (publicEnd ?? (end === i + surname ? i + 1 : null));
      if (to !== null) {
        out += marked.slice(i, to);
        i = to;
        continue;
      }
      out += `${OPEN}${word}${CLOSE}`;
      i = end;
    }
    return out.replace(/\uE000([^\uE001]*)\uE001/g, (_m, who: string) => name(who));
  });
}
