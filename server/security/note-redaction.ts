/**
 * What is left of a free-text note ("what went wrong", typed by a customer or an adviser) before it is
 * stored: no names and no numbers. The log's own redactor has already replaced phones, ID numbers and
 * tokens by placeholders; this takes the rest a person types about a customer.
 *
 * Names: two rules together, chosen over masking every name-like span (that would blank the whole note,
 * since any two Han characters look like a name) and over the honorific rule alone (it misses a name typed
 * bare, "张三丰的持仓不对"):
 * 1. the span after a word that introduces a person (客户 / 用户 / 理财师 …) or before a title (先生 /
 *    女士 / 老师 …): whatever its surname;
 * 2. a common surname (the table below covers roughly 85% of people in China, compound ones included)
 *    with the one or two Han characters after it, anywhere.
 * Rule 2 also masks ordinary words that start with a surname character (周末, 高度): a developer loses a
 * word of the note, which is cheap; a name kept is a customer's data in a debug store, which is not.
 * Numbers: every run of two or more digits and every number with a money unit (amounts, holdings, AUM).
 */
const NAME = '[name]';
const NUMBER = '[number]';

/** Compound surnames first, so 欧阳修 is masked whole rather than from 阳. */
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

const afterIntro = new RegExp(`(${BEFORE_NAME.join('|')})[:：\\s]*(${HAN}{2,3})`, 'gu');
const beforeTitle = new RegExp(`(${HAN}{1,2})(${AFTER_NAME.join('|')})`, 'gu');
const bySurname = new RegExp(`(?:${COMPOUND_SURNAMES.join('|')}|[${SURNAMES}])${HAN}{1,2}`, 'gu');
/** Two or more digits (with separators inside), or any number followed by a money unit. */
const numbers = /\d[\d,，.]*\d\s*(?:万|亿|千|百|元|块)?|\d\s*(?:万|亿|千|百|元|块)/gu;

export function redactNote(note: string): string {
  return note
    .replace(numbers, NUMBER)
    .replace(afterIntro, (_m, intro: string) => `${intro}${NAME}`)
    .replace(beforeTitle, (_m, _name: string, title: string) => `${NAME}${title}`)
    .replace(bySurname, NAME);
}
