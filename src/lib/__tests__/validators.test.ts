import fc from 'fast-check';

import { idCheckCharacter, isValidResidentId } from '../resident-id';
import { isValidPassword, phoneProblem, smsCodeProblem } from '../validators';

describe('password (docs/rules/validation.md#passwords)', () => {
  it.each([
    ['abc123', true],
    ['abcdef', false],
    ['123456', false],
    ['!@#$%^', false],
    ['abc!@#', true],
    ['123!@#', true],
    ['a1', false],
    ['abc12', false],
    ['a1b2c3d4e5f6g7h8i9j0', true],
    ['a1b2c3d4e5f6g7h8i9j0k', false],
  ])('%s → %s', (value, ok) => expect(isValidPassword(value)).toBe(ok));

  it('any 6-20 characters from one class only are refused', () => {
    const oneClass = fc.oneof(
      fc.stringMatching(/^[0-9]{6,20}$/),
      fc.stringMatching(/^[a-zA-Z]{6,20}$/),
      fc.stringMatching(/^[!@#$%^&*()_+\-=]{6,20}$/),
    );
    fc.assert(fc.property(oneClass, (p) => !isValidPassword(p)));
  });

  it('a digit and a letter in 6-20 characters are accepted', () => {
    fc.assert(fc.property(fc.stringMatching(/^[a-z]{1,10}[0-9]{5,10}$/), (p) => isValidPassword(p)));
  });
});

/** A valid 18-digit ID from arbitrary parts. */
const validId18 = fc
  .record({
    area: fc.integer({ min: 110000, max: 659999 }),
    birth: fc.date({
      min: new Date('1900-01-01T00:00:00Z'),
      max: new Date('2025-12-31T00:00:00Z'),
      noInvalidDate: true,
    }),
    seq: fc.integer({ min: 0, max: 999 }),
  })
  .map(({ area, birth, seq }) => {
    const ymd = birth.toISOString().slice(0, 10).replace(/-/g, '');
    const first17 = `${area}${ymd}${String(seq).padStart(3, '0')}`;
    return first17 + idCheckCharacter(first17);
  });

describe('resident ID (docs/rules/validation.md#resident-id)', () => {
  it('known IDs', () => {
    expect(isValidResidentId('11010519491231002X')).toBe(true);
    expect(isValidResidentId('11010519491231002x')).toBe(true);
    expect(isValidResidentId('110105194912310021')).toBe(false);
    expect(isValidResidentId('130503670401001')).toBe(true);
    expect(isValidResidentId('130503670231001')).toBe(false);
    expect(isValidResidentId('11010520230229001X')).toBe(false);
    expect(isValidResidentId('1101051949123100')).toBe(false);
  });

  it('every generated valid ID passes, in either case of X', () => {
    fc.assert(fc.property(validId18, (id) => isValidResidentId(id) && isValidResidentId(id.toLowerCase())));
  });

  it('changing any one character of a valid ID makes it invalid', () => {
    fc.assert(
      fc.property(validId18, fc.integer({ min: 0, max: 17 }), fc.integer({ min: 1, max: 10 }), (id, at, shift) => {
        const alphabet = '0123456789X';
        const current = alphabet.indexOf(id[at] as string);
        const replacement = alphabet[(current + shift) % 11] as string;
        // X is only allowed as the last character, and a digit position can only take digits.
        const mutated = id.slice(0, at) + replacement + id.slice(at + 1);
        return !isValidResidentId(mutated);
      }),
    );
  });

  it('swapping two different adjacent digits of the first 17 is caught', () => {
    fc.assert(
      fc.property(validId18, fc.integer({ min: 0, max: 15 }), (id, at) => {
        fc.pre(id[at] !== id[at + 1]);
        const swapped = id.slice(0, at) + (id[at + 1] as string) + (id[at] as string) + id.slice(at + 2);
        return !isValidResidentId(swapped);
      }),
    );
  });

  it('a 15-digit ID needs a calendar date; an 18-digit one with an impossible date is refused', () => {
    fc.assert(
      fc.property(fc.integer({ min: 13, max: 99 }), fc.integer({ min: 100000, max: 999999 }), (month, area) => {
        const id15 = `${area}80${String(month).padStart(2, '0')}01001`;
        return !isValidResidentId(id15);
      }),
    );
  });

  it('lengths other than 15 and 18 are refused', () => {
    fc.assert(
      fc.property(fc.stringMatching(/^\d{1,30}$/), (s) => s.length === 15 || s.length === 18 || !isValidResidentId(s)),
    );
  });
});

describe('phone and SMS code', () => {
  const cn = { code: '86', minLength: 11, maxLength: 11 };
  it.each([
    ['', '请输入手机号'],
    ['1391234567a', '手机号只能包含数字'],
    ['a3912345678', '手机号只能包含数字'],
    ['139123456789', '请输入11位手机号'],
    ['12912345678', '请输入正确的手机号'],
    ['13912345678', null],
  ])('%s → %s', (phone, problem) => expect(phoneProblem(phone, cn)).toBe(problem));
  it('a number one digit short is refused like one digit long', () =>
    expect(phoneProblem('1391234567', cn)).toBe('请输入11位手机号'));
  it('a mainland number is 1, then 3-9, then nine digits: nothing before or after, whatever length the region allows', () => {
    const loose = { code: '86', minLength: 11, maxLength: 12 };
    expect(phoneProblem('139123456789', loose)).toBe('请输入正确的手机号');
    expect(phoneProblem('213912345678', loose)).toBe('请输入正确的手机号');
    expect(phoneProblem('13912345678', loose)).toBeNull();
  });
  it('no region', () => expect(phoneProblem('13912345678', null)).toBe('请选择手机号所属地区'));
  it('other regions: their own lengths, a range named as one, and no mainland prefix rule', () => {
    const hk = { code: '852', minLength: 8, maxLength: 8 };
    expect(phoneProblem('91234567', hk)).toBeNull();
    expect(phoneProblem('9123456', hk)).toBe('请输入8位手机号');
    const range = { code: '1', minLength: 7, maxLength: 10 };
    expect(phoneProblem('123456', range)).toBe('请输入7-10位手机号');
    expect(phoneProblem('12345678901', range)).toBe('请输入7-10位手机号');
    expect(phoneProblem('1234567', range)).toBeNull();
    expect(phoneProblem('1234567890', range)).toBeNull();
  });
  it('codes', () => {
    expect(smsCodeProblem('')).toBe('请输入验证码');
    expect(smsCodeProblem('12345')).toBe('验证码为6位数字');
    expect(smsCodeProblem('1234567')).toBe('验证码为6位数字');
    expect(smsCodeProblem('a12345')).toBe('验证码为6位数字');
    expect(smsCodeProblem('12345a')).toBe('验证码为6位数字');
    expect(smsCodeProblem('123456')).toBeNull();
  });
});
