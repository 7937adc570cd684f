import { SNOOZE_MAX_DAYS, snoozeDateProblem } from '../snooze';

// 2026-11-26 10:00 in Beijing.
const NOW = new Date('2026-11-26T10:00:00+08:00');

describe('a snooze date: from tomorrow to 90 days ahead, by the Beijing calendar', () => {
  it('pins the bound at 90 days', () => {
    expect(SNOOZE_MAX_DAYS).toBe(90);
  });

  it('refuses today and accepts tomorrow', () => {
    expect(snoozeDateProblem('2026-11-26', NOW)).toBe('暂缓日期需在明天到 90 天之内');
    expect(snoozeDateProblem('2026-11-27', NOW)).toBeNull();
  });

  it('accepts the 90th day and refuses the 91st', () => {
    expect(snoozeDateProblem('2027-02-24', NOW)).toBeNull();
    expect(snoozeDateProblem('2027-02-25', NOW)).toBe('暂缓日期需在明天到 90 天之内');
  });

  it('is Beijing’s day: at 23:59:59.999 on the 26th the 27th is tomorrow; at midnight it is today', () => {
    expect(snoozeDateProblem('2026-11-27', new Date('2026-11-26T23:59:59.999+08:00'))).toBeNull();
    expect(snoozeDateProblem('2026-11-27', new Date('2026-11-27T00:00:00+08:00'))).not.toBeNull();
  });

  it('refuses what is not a calendar day', () => {
    expect(snoozeDateProblem('2026-11-31', NOW)).toBe('请选择有效的日期');
    expect(snoozeDateProblem('明天', NOW)).toBe('请选择有效的日期');
  });
});
