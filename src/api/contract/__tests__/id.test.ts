import { Value } from '@sinclair/typebox/value';

import { Id, ID_MAX, isId, parseId } from '../id';

describe('one id rule: a positive 32-bit integer', () => {
  test('the bounds are 1 and 2,147,483,647, each checked on both sides', () => {
    expect(ID_MAX).toBe(2_147_483_647);
    expect(isId(1)).toBe(true);
    expect(isId(0)).toBe(false);
    expect(isId(2_147_483_647)).toBe(true);
    expect(isId(2_147_483_648)).toBe(false);
    expect(isId(1.5)).toBe(false);
    expect(isId('1')).toBe(false);
  });

  test('the TypeBox schema says the same as isId', () => {
    for (const v of [0, 1, 2_147_483_647, 2_147_483_648, 1.5, -3]) expect(Value.Check(Id, v)).toBe(isId(v));
  });

  test('parseId reads digits only', () => {
    expect(parseId('42')).toBe(42);
    expect(parseId('007')).toBe(7);
    expect(parseId('2147483647')).toBe(2_147_483_647);
    expect(parseId('2147483648')).toBeNull();
    expect(parseId('0')).toBeNull();
    for (const bad of [null, undefined, '', ' 4', '4 ', '1e3', '-1', '1.0', 'abc', '12345678901']) {
      expect(parseId(bad)).toBeNull();
    }
  });
});
