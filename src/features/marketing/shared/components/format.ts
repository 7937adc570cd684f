import { businessDate, businessDayStart, businessMidnight, DAY_MS } from '@/api/contract/dates';
import type { CardReason } from '@/api/contract/market-map';
import type { TierRule } from '@/api/contract/market-map-cards';
import { type PriorityLevel, TIER_HOT_RANK } from '@/api/contract/market-map-constants';

/** 产品到期: the one category whose title is about a date still to come. */
const MATURITY_CATEGORY = 4;

/**
 * A reason's title as of `nowMs`: a maturity is stored with its date and told relative to the day it is
 * read ("将于 5 天后到期" reads 3 天 two days later), by business calendar days; every other title as stored.
 */
export function reasonTitle(r: Pick<CardReason, 'category_id' | 'title' | 'product'>, nowMs: number): string {
  const date = r.product?.maturity_date;
  if (r.category_id !== MATURITY_CATEGORY || !r.product || !date) return r.title;
  const days = Math.round((businessMidnight(date) - businessDayStart(nowMs).getTime()) / DAY_MS);
  const when =
    days > 1 ? `将于 ${days} 天后到期` : days === 1 ? '将于明天到期' : days === 0 ? '今天到期' : `已于 ${date} 到期`;
  return `${r.product.name} ${when}`;
}

export const PRIORITY_NAMES: Record<PriorityLevel, string> = { hot: '热', warm: '温', cold: '冷' };
const oneDecimal = (n: number) => Math.round(n * 10) / 10;

/**
 * The tier's lines as the card states them, with where they come from: "评分 66.4 · 热：评分 ≥ 64.2（11月18日推送前 3 名）".
 * The engine calibrates each adviser's lines from the cards the cap pushed on `calibrated_on`, the day named.
 */
export function tierLine(card: { priority: PriorityLevel; score: number; tier_rule: TierRule }): string {
  const { hot_min, warm_min, calibrated_on: on } = card.tier_rule;
  const [hot, warm] = [oneDecimal(hot_min), oneDecimal(warm_min)];
  // The day is named, not called 今日: the lines are the server's business day, and the phone's clock may not share
  // it (the local clock moved, a card read after midnight).
  const day = on === null ? null : `${Number(on.slice(5, 7))}月${Number(on.slice(8))}日`;
  const why = (calibrated: string) => (day ? `（${day}${calibrated}）` : '（默认分数线）');
  const rule =
    card.priority === 'hot'
      ? `热：评分 ≥ ${hot}${why(`推送前 ${TIER_HOT_RANK} 名`)}`
      : card.priority === 'warm'
        ? `温：评分 ${warm}-${hot}${why('推送线以上')}`
        : `冷：评分 < ${warm}${why('推送线以下')}`;
  // One decimal, as stored: a whole number would show 39.6 as 40 beside 冷：评分 < 40.
  return `评分 ${oneDecimal(card.score)} · ${rule}`;
}
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

/**
 * A follow-up date as the card states it, from today's business date: 今天跟进 / 明天跟进 /
 * 12-01 跟进, and 已逾期 once the day has passed (due is true from the day itself on).
 */
export function followUpText(date: string, nowMs: number): { text: string; due: boolean } {
  const today = businessDate(nowMs);
  if (date < today) return { text: `已逾期：原定 ${date.slice(5)} 跟进`, due: true };
  if (date === today) return { text: '今天跟进', due: true };
  if (date === businessDate(nowMs, 1)) return { text: '明天跟进', due: false };
  return { text: `${date.slice(5)} 跟进`, due: false };
}

/** 持有 ¥… with the NAV day it is valued at, so the figure reads like the customer card's 持仓市值. */
export function holdingText(amount: number | null, navDay: string | null): string {
  if (amount === null) return '已不再持有';
  const money = `持有 ¥${formatMoney(amount)}`;
  return navDay ? `${money}（${navDay.slice(5)} 净值）` : `${money}（按成本）`;
}
