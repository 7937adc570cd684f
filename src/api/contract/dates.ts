/**
 * The one owner of business time, for the client and the server alike. The firm's business day is China
 * Standard Time (UTC+8, no daylight saving since 1991), whatever the machine's or the browser's zone: the
 * wire's YYYY-MM-DD dates, the contact budget's day, the card pass's daily cap and every time a screen shows
 * are read in it. A fixed offset rather than Intl's Asia/Shanghai: the same answer on every engine, no ICU
 * data needed, and cheap enough for a chart's thousands of points.
 */
export const BUSINESS_UTC_OFFSET_MS = 8 * 3_600_000;
export const DAY_MS = 86_400_000;

const msOf = (at: Date | number) => (typeof at === 'number' ? at : at.getTime());
const shifted = (at: Date | number) => new Date(msOf(at) + BUSINESS_UTC_OFFSET_MS);

/** YYYY-MM-DD of an instant (a Date or epoch ms) in business time, `days` later when given. */
export function businessDate(at: Date | number, days = 0): string {
  return shifted(msOf(at) + days * DAY_MS)
    .toISOString()
    .slice(0, 10);
}

/** "YYYY-MM-DD hh:mm:ss" of an instant in business time. */
export function businessDateTime(at: Date | number): string {
  return shifted(at).toISOString().slice(0, 19).replace('T', ' ');
}

/** Calendar and clock fields of an instant in business time (month 1-12). */
export function businessParts(at: Date | number) {
  const d = shifted(at);
  return {
    year: d.getUTCFullYear(),
    month: d.getUTCMonth() + 1,
    day: d.getUTCDate(),
    hour: d.getUTCHours(),
    minute: d.getUTCMinutes(),
  };
}

/** The midnight (business time) that starts the business day holding `at`. */
export function businessDayStart(at: Date | number): Date {
  const t = msOf(at) + BUSINESS_UTC_OFFSET_MS;
  return new Date(t - (((t % DAY_MS) + DAY_MS) % DAY_MS) - BUSINESS_UTC_OFFSET_MS);
}

/** Epoch ms of midnight (business time) of a calendar date given as year, month 1-12, day (overflow rolls on). */
export function businessMidnightOf(year: number, month: number, day: number): number {
  return Date.UTC(year, month - 1, day) - BUSINESS_UTC_OFFSET_MS;
}

/**
 * Midnight (business time) that starts a YYYY-MM-DD day, or null when the text is not a
 * calendar date (2026-02-30, 2025-13-01) even though it has the right shape.
 */
export function parseBusinessDate(text: string): Date | null {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(text);
  if (!m) return null;
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const utc = Date.UTC(y, mo - 1, d);
  const check = new Date(utc);
  if (check.getUTCFullYear() !== y || check.getUTCMonth() !== mo - 1 || check.getUTCDate() !== d) return null;
  return new Date(utc - BUSINESS_UTC_OFFSET_MS);
}

/** Epoch ms of midnight (business time) of a YYYY-MM-DD day the caller knows is well formed; NaN otherwise. */
export function businessMidnight(day: string): number {
  return parseBusinessDate(day)?.getTime() ?? Number.NaN;
}
