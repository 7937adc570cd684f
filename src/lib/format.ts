/** Pure formatting helpers shared by every screen. */

/** 1234567 → "1,234,567" (spec §9: numbers with thousands separators). */
export function formatCount(n: number): string {
  if (!Number.isFinite(n)) return '0';
  const sign = n < 0 ? '-' : '';
  return sign + String(Math.trunc(Math.abs(n))).replace(/\B(?=(\d{3})+(?!\d))/g, ',');
}

/** China has one time zone and no DST: showing Beijing time keeps every viewer's times equal. */
const BEIJING_OFFSET_SECONDS = 8 * 3600;

const pad = (n: number) => String(n).padStart(2, '0');

/** Unix seconds → "11-22 19:30" in Beijing time (spec §2: month-day hour:minute). */
export function formatMonthDayTime(unixSeconds: number): string {
  const d = new Date((unixSeconds + BEIJING_OFFSET_SECONDS) * 1000);
  return `${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())} ${pad(d.getUTCHours())}:${pad(d.getUTCMinutes())}`;
}

/** "2026-11-22" if it is a real calendar date, else null. */
export function parseIsoDate(text: string | null | undefined): string | null {
  if (!text || !/^\d{4}-\d{2}-\d{2}$/.test(text)) return null;
  const [y, m, d] = text.split('-').map(Number) as [number, number, number];
  const date = new Date(Date.UTC(y, m - 1, d));
  return date.getUTCFullYear() === y && date.getUTCMonth() === m - 1 && date.getUTCDate() === d ? text : null;
}
