import {
  BUSINESS_UTC_OFFSET_MS,
  businessDate,
  businessDateTime,
  businessDayStart,
  businessMidnight,
  businessMidnightOf,
  businessParts,
  parseBusinessDate,
} from '../dates';

// The business day turns at 16:00 UTC (00:00 UTC+8): each rule is checked on both sides of that instant.
const lastMsOfMay31 = Date.parse('2026-05-31T15:59:59.999Z');
const firstMsOfJune1 = Date.parse('2026-05-31T16:00:00.000Z');

describe('business time (UTC+8), one owner for client and server', () => {
  test('the offset is eight hours', () => {
    expect(BUSINESS_UTC_OFFSET_MS).toBe(28_800_000);
  });

  test('businessDate turns at 16:00 UTC, from a Date or epoch ms, with an optional day offset', () => {
    expect(businessDate(lastMsOfMay31)).toBe('2026-05-31');
    expect(businessDate(new Date(firstMsOfJune1))).toBe('2026-06-01');
    expect(businessDate(firstMsOfJune1, 3)).toBe('2026-06-04');
    expect(businessDate(firstMsOfJune1, -1)).toBe('2026-05-31');
    expect(businessDate(Date.parse('2026-12-31T16:00:00Z'))).toBe('2027-01-01');
  });

  test('businessDayStart is the midnight UTC+8 that opens the day', () => {
    expect(businessDayStart(lastMsOfMay31).toISOString()).toBe('2026-05-30T16:00:00.000Z');
    expect(businessDayStart(firstMsOfJune1).toISOString()).toBe('2026-05-31T16:00:00.000Z');
    expect(businessDayStart(new Date('2026-06-01T15:59:59.999Z')).toISOString()).toBe('2026-05-31T16:00:00.000Z');
  });

  test('date-time text and fields read the clock in business time', () => {
    expect(businessDateTime(new Date('2026-05-31T15:59:59Z'))).toBe('2026-05-31 23:59:59');
    expect(businessDateTime(firstMsOfJune1)).toBe('2026-06-01 00:00:00');
    expect(businessParts(Date.parse('2026-11-22T11:30:00Z'))).toEqual({
      year: 2026,
      month: 11,
      day: 22,
      hour: 19,
      minute: 30,
    });
  });

  test('midnights of a calendar date', () => {
    expect(businessMidnight('2026-03-01')).toBe(Date.parse('2026-02-28T16:00:00Z'));
    expect(businessMidnightOf(2026, 3, 1)).toBe(Date.parse('2026-02-28T16:00:00Z'));
    expect(businessMidnightOf(2026, 2, 29)).toBe(Date.parse('2026-02-28T16:00:00Z'));
    expect(businessMidnight('2026-02-30')).toBeNaN();
  });

  test('parseBusinessDate refuses impossible and malformed dates', () => {
    expect(parseBusinessDate('2026-06-01')?.toISOString()).toBe('2026-05-31T16:00:00.000Z');
    expect(parseBusinessDate('2026-02-30')).toBeNull();
    expect(parseBusinessDate('2025-13-01')).toBeNull();
    expect(parseBusinessDate('2026-6-1')).toBeNull();
  });
});
