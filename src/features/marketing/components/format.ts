import type { PriorityLevel } from '@/api/contract/market-map-constants';

export const PRIORITY_NAMES: Record<PriorityLevel, string> = { hot: '热', warm: '温', cold: '冷' };
export const CARD_STATE_NAMES: Record<string, string> = {
  new: '新',
  viewed: '已查看',
  handling: '跟进中',
  done: '已完成',
  ignored: '已忽略',
  snoozed: '已暂缓',
};

/** "刚刚" / "5分钟前" / "3小时前" / "2天前" from unix seconds. */
export function formatAge(unixSeconds: number, nowMs: number): string {
  const s = Math.max(0, Math.floor(nowMs / 1000) - unixSeconds);
  if (s < 60) return '刚刚';
  if (s < 3600) return `${Math.floor(s / 60)}分钟前`;
  if (s < 86400) return `${Math.floor(s / 3600)}小时前`;
  return `${Math.floor(s / 86400)}天前`;
}

/** Yuan with thousands separators; 万 above ten thousand. */
export function formatMoney(yuan: number): string {
  if (Math.abs(yuan) >= 10_000) return `${(yuan / 10_000).toLocaleString('zh-CN', { maximumFractionDigits: 2 })}万`;
  return yuan.toLocaleString('zh-CN', { maximumFractionDigits: 2 });
}

/** YYYY-MM-DD in business time (UTC+8), `days` after `nowMs`. */
export function businessDate(nowMs: number, days = 0): string {
  return new Date(nowMs + 8 * 3600_000 + days * 86400_000).toISOString().slice(0, 10);
}

/** Splits text into plain and highlighted parts by [start, end) ranges. */
export function highlightParts(
  text: string,
  ranges: ReadonlyArray<readonly [number, number]>,
): Array<{ text: string; hit: boolean }> {
  const parts: Array<{ text: string; hit: boolean }> = [];
  let at = 0;
  for (const [start, end] of [...ranges].sort((a, b) => a[0] - b[0])) {
    const s = Math.max(at, Math.min(start, text.length));
    const e = Math.max(s, Math.min(end, text.length));
    if (s > at) parts.push({ text: text.slice(at, s), hit: false });
    if (e > s) parts.push({ text: text.slice(s, e), hit: true });
    at = e;
  }
  if (at < text.length) parts.push({ text: text.slice(at), hit: false });
  return parts;
}
