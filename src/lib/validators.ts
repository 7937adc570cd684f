/** Input rules of spec §5 and the sign-in form: pure, no messages shown by the rules themselves. */

/** Password: 6-20 characters mixing at least two of digits, letters and other characters. */
export function isValidPassword(value: string): boolean {
  const chars = [...value];
  if (chars.length < 6 || chars.length > 20) return false;
  const classes = [/\d/, /[A-Za-z]/, /[^A-Za-z\d]/].filter((re) => chars.some((c) => re.test(c))).length;
  return classes >= 2;
}

const WEIGHTS = [7, 9, 10, 5, 8, 4, 2, 1, 6, 3, 7, 9, 10, 5, 8, 4, 2];
const CHECK_CHARS = '10X98765432';

/** The 18th character of a resident ID from its first 17 digits (ISO 7064 MOD 11-2). */
export function idCheckCharacter(first17: string): string {
  let sum = 0;
  for (let i = 0; i < 17; i += 1) sum += Number(first17[i]) * (WEIGHTS[i] ?? 0);
  return CHECK_CHARS[sum % 11] ?? '';
}

function isCalendarDate(year: number, month: number, day: number): boolean {
  const d = new Date(Date.UTC(year, month - 1, day));
  return d.getUTCFullYear() === year && d.getUTCMonth() === month - 1 && d.getUTCDate() === day;
}

/**
 * Chinese resident ID: 15 digits (birth date YYMMDD, 19YY) or 17 digits plus a digit or X
 * (lower-case x accepted, read as X), a real calendar birth date, and for 18 the check character.
 */
export function isValidResidentId(input: string): boolean {
  const id = input.toUpperCase();
  if (/^\d{15}$/.test(id)) {
    return isCalendarDate(1900 + Number(id.slice(6, 8)), Number(id.slice(8, 10)), Number(id.slice(10, 12)));
  }
  if (!/^\d{17}[\dX]$/.test(id)) return false;
  if (!isCalendarDate(Number(id.slice(6, 10)), Number(id.slice(10, 12)), Number(id.slice(12, 14)))) return false;
  return idCheckCharacter(id.slice(0, 17)) === id[17];
}

/** Normalised form of a valid ID (X upper-cased). */
export function normaliseResidentId(input: string): string {
  return input.trim().toUpperCase();
}

export interface PhoneRule {
  code: string;
  minLength: number;
  maxLength: number;
}

/** Why a phone number is refused, in Chinese; null when it is fine for its region. */
export function phoneProblem(phone: string, region: PhoneRule | null): string | null {
  if (!region) return '请选择手机号所属地区';
  if (phone === '') return '请输入手机号';
  if (!/^\d+$/.test(phone)) return '手机号只能包含数字';
  if (phone.length < region.minLength || phone.length > region.maxLength) {
    const n = region.minLength === region.maxLength ? `${region.minLength}` : `${region.minLength}-${region.maxLength}`;
    return `请输入${n}位手机号`;
  }
  if (region.code === '86' && !/^1[3-9]\d{9}$/.test(phone)) return '请输入正确的手机号';
  return null;
}

/** Why an SMS code is refused; null when it is six digits. */
export function smsCodeProblem(code: string): string | null {
  if (code === '') return '请输入验证码';
  return /^\d{6}$/.test(code) ? null : '验证码为6位数字';
}
