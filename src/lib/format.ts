/** Pure formatting helpers shared by every screen. */
import { businessParts } from '@/api/contract/dates';

/** 1234567 → "1,234,567" (docs/rules/constants.md#analytics: numbers with thousands separators). */
export function formatCount(n: number): string {
  if (!Number.isFinite(n)) return '0';
  const sign = n < 0 ? '-' : '';
  return sign + String(Math.trunc(Math.abs(n))).replace(/\B(?=(\d{3})+(?!\d))/g, ',');
}

const pad = (n: number) => String(n).padStart(2, '0');

/** Unix seconds → "11-22 19:30" in Beijing time (docs/rules/routes-and-screens.md#home: month-day hour:minute). */
export function formatMonthDayTime(unixSeconds: number): string {
  // Business time (UTC+8) for every viewer, so two people comparing times see the same text.
  const d = businessParts(unixSeconds * 1000);
  return `${pad(d.month)}-${pad(d.day)} ${pad(d.hour)}:${pad(d.minute)}`;
}

/** "2026-11-22" if it is a real calendar date, else null. */
export function parseIsoDate(text: string | null | undefined): string | null {
  if (!text || !/^\d{4}-\d{2}-\d{2}$/.test(text)) return null;
  const [y, m, d] = text.split('-').map(Number) as [number, number, number];
  const date = new Date(Date.UTC(y, m - 1, d));
  return date.getUTCFullYear() === y && date.getUTCMonth() === m - 1 && date.getUTCDate() === d ? text : null;
}
