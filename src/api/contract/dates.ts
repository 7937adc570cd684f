/**
 * The firm's business day is China Standard Time (UTC+8, no daylight saving): the home
 * address's `date` and the list's 180-day cut are read in it, whatever the machine's zone.
 */
export const BUSINESS_UTC_OFFSET_MINUTES = 8 * 60;

/** YYYY-MM-DD of an instant in business time. */
export function businessDate(at: Date): string {
  return new Date(at.getTime() + BUSINESS_UTC_OFFSET_MINUTES * 60_000).toISOString().slice(0, 10);
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
  return new Date(utc - BUSINESS_UTC_OFFSET_MINUTES * 60_000);
}
