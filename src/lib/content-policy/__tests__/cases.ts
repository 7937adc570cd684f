import type { PersonalRuleCode, PromiseRuleCode } from '../../../api/contract/content-policy';
import { ORDINARY } from './corpus/ordinary';

/**
 * The disguises a writer tried, one row each: text and the rule that must catch it. Run against the
 * client's subset table (content-policy.test.ts) and OpenCC's full tables (server/policy/__tests__).
 */
export const PROMISE_CASES: readonly [string, PromiseRuleCode][] = [
  // The literal words.
  ['这个产品保本，放心买', 'promise_principal'],
  ['这只基金稳赚', 'promise_return'],
  ['保证收益，年年分红', 'promise_return'],
  ['零风险理财', 'promise_no_risk'],
  ['无风险高收益', 'promise_no_risk'],
  ['肯定赚钱，绝对不会亏', 'promise_sure_profit'],
  ['年化收益保证10%', 'promise_return'],
  // Zero-width and other invisible characters inside words.
  ['保\u200b本，稳\u200d赚', 'promise_principal'],
  ['稳\u200d赚', 'promise_return'],
  ['零\u200c风\u200b险', 'promise_no_risk'],
  ['保\ufeff证\u2060收益', 'promise_return'],
  ['保\u00ad本', 'promise_principal'],
  ['稳\u034f赚', 'promise_return'],
  ['肯\u200e定\u200f赚\u202a钱', 'promise_sure_profit'],
  ['无\u2063风\u2064险', 'promise_no_risk'],
  // Traditional characters (Taiwan, Hong Kong).
  ['穩賺', 'promise_return'],
  ['保證收益', 'promise_return'],
  ['零風險', 'promise_no_risk'],
  ['無風險', 'promise_no_risk'],
  ['肯定賺錢', 'promise_sure_profit'],
  ['絕對不會虧', 'promise_sure_profit'],
  ['年化收益保證8%', 'promise_return'],
  ['本金有保障，穩穩的', 'promise_principal'],
  ['穩賺不賠', 'promise_sure_profit'],
  ['保證回報', 'promise_return'],
  // Full-width letters, digits and spaces.
  ['年化收益率８％，保证兑付', 'promise_return'],
  ['０风险', 'promise_no_risk'],
  ['１００％赚', 'promise_sure_profit'],
  ['保　本', 'promise_principal'],
  // Spaces, punctuation and symbols between the characters.
  ['保 本', 'promise_principal'],
  ['稳-赚', 'promise_return'],
  ['保·本·保·息', 'promise_principal'],
  ['零…风…险', 'promise_no_risk'],
  ['稳*赚*不*赔', 'promise_sure_profit'],
  ['保/证/收/益', 'promise_return'],
  ['无 风 险', 'promise_no_risk'],
  ['稳💰赚', 'promise_return'],
  ['「保」「本」', 'promise_principal'],
  ['肯定\n赚钱', 'promise_sure_profit'],
  // Word order variants and paraphrases.
  ['收益有保证', 'promise_return'],
  ['收益保证，放心', 'promise_return'],
  ['本金保证安全', 'promise_principal'],
  ['本金无忧', 'promise_principal'],
  ['保证年化12%', 'promise_return'],
  ['年化10%，我们承诺', 'promise_return'],
  ['年化收益率锁定在6%', 'promise_return'],
  ['确保收益', 'promise_return'],
  ['一定不会亏', 'promise_sure_profit'],
  ['保证不亏', 'promise_sure_profit'],
  ['亏是不可能的', 'promise_sure_profit'],
  ['亏不了', 'promise_sure_profit'],
  ['赚钱是肯定的', 'promise_sure_profit'],
  ['绝对能赚钱', 'promise_sure_profit'],
  ['百分之百赚', 'promise_sure_profit'],
  ['只涨不跌的好基金', 'promise_sure_profit'],
  ['买了就是躺赚', 'promise_sure_profit'],
  ['闭眼买就行', 'promise_sure_profit'],
  ['没有任何风险', 'promise_no_risk'],
  ['风险为零', 'promise_no_risk'],
  ['绝对安全', 'promise_no_risk'],
  ['刚性兑付', 'promise_rigid_redemption'],
  ['亏损全赔', 'promise_loss_cover'],
  ['稳稳地赚', 'promise_sure_profit'],
  ['保底收益5%', 'promise_return'],
  ['承诺收益', 'promise_return'],
  ['旱涝保收', 'promise_return'],
  // A disclosure first does not excuse a promise after it.
  ['不保本？肯定保本！', 'promise_principal'],
  ['基金有风险，投资需谨慎，但这只稳赚', 'promise_return'],
];

/** Disclosures and ordinary sentences that must pass: the corpus's ordinary texts (each written once, there). */
export const CLEAN_CASES: readonly string[] = ORDINARY;

/** Numbers: text, the rule that must find it (null: nothing to find). */
export const NUMBER_CASES: readonly [string, PersonalRuleCode | null][] = [
  // Resident IDs: 17 digits and a digit or X, or the old 15 digits.
  ['身份证11010519491231002X', 'id_number'],
  ['身份证11010519491231002x', 'id_number'],
  ['我的身份证号440304199001011233', 'id_number'],
  ['310115 19851120 4566', 'id_number'],
  ['１１０１０１１９９００３０７４５７３', 'id_number'],
  ['1101\u200b0119900307\u200d4573', 'id_number'],
  // By shape, whatever the check character says: a wrong check digit, a month 13, the old 15-digit form.
  ['110101199003074574', 'id_number'],
  ['110101199013074578', 'id_number'],
  ['旧身份证110101900307123', 'id_number'],
  ['身份证11010519491231002Y', 'bank_card'],
  // Bank cards (16-19 digits), Luhn or not.
  ['卡号6222021234567890128', 'bank_card'],
  ['6222 0212 3456 7890 128', 'bank_card'],
  ['6225-8801-2345-6783', 'bank_card'],
  ['43922500123456786', 'bank_card'],
  ['6222021234567890127', 'bank_card'],
  ['6225880123456784', 'bank_card'],
  ['62258801234567840', 'bank_card'],
  ['62284804025648900181', null],
  // Mobile numbers.
  ['电话13800138000', 'mobile'],
  ['138 0013 8000', 'mobile'],
  ['138-0013-8000', 'mobile'],
  ['+86 139 1234 5678', 'mobile'],
  ['１５９１２３４５６７８', 'mobile'],
  ['12800138000', null],
  ['1380013800', null],
  ['23800138000', null],
  ['基金代码000001，净值1.2345', null],
  ['基金代码 000001 110011 161725', null],
  ['订单号2024030112，金额1000000.00元', null],
  ['日期2024-03-01 14:00', null],
];
