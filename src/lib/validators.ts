/** Input rules of docs/rules/validation.md and the sign-in form: pure, no messages shown by the rules themselves. */

/** Password: 6-20 characters mixing at least two of digits, letters and other characters. */
export function isValidPassword(value: string): boolean {
  const chars = [...value];
  if (chars.length < 6 || chars.length > 20) return false;
  const classes = [/\d/, /[A-Za-z]/, /[^A-Za-z\d]/].filter((re) => chars.some((c) => re.test(c))).length;
  return classes >= 2;
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
