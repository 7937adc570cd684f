import { businessDate, parseBusinessDate } from './dates';

/** How far ahead a card may be snoozed: further than a quarter and it is an ignore, not a snooze. */
export const SNOOZE_MAX_DAYS = 90;

/** Why a snooze date is refused (a day from tomorrow to SNOOZE_MAX_DAYS ahead, Beijing calendar), or null. */
export function snoozeDateProblem(until: string, now: Date | number): string | null {
  if (!parseBusinessDate(until)) return '请选择有效的日期';
  if (until <= businessDate(now) || until > businessDate(now, SNOOZE_MAX_DAYS))
    return `暂缓日期需在明天到 ${SNOOZE_MAX_DAYS} 天之内`;
  return null;
}
