// The per-customer contact budget (docs/workbench.md#suitability-and-contact-limits): by default one marketing forward a day, as
// WeCom limits mass messages. Pure: the caller passes the forwards already sent and `now`.
import { businessDayStart, DAY_MS } from '../../src/api/contract/dates';
import { SEND_HOLD_MS } from '../../src/api/contract/market-map-send';

export const DEFAULT_DAILY_BUDGET = 1;
/**
 * A send the server allowed but WeCom has not confirmed holds the contact for this long, so two sends
 * cannot both pass while the first is still on the adviser's screen; unconfirmed, it is given back.
 */
export const PENDING_HOLD_MS = SEND_HOLD_MS;

/**
 * Whether one allowed send spends the contact (forward or share link): a confirmed send does; a failed or
 * cancelled one (`…:fail`) does not; one still unconfirmed holds it for PENDING_HOLD_MS.
 */
export function spendsContact(sharedVia: string | null, sentAt: Date, now: Date): boolean {
  if (sharedVia === null) return now.getTime() - sentAt.getTime() < PENDING_HOLD_MS;
  return !sharedVia.endsWith(':fail');
}

export interface BudgetState {
  limit: number;
  used: number;
  remaining: number;
  /** When the next forward becomes possible again (start of the next business day) if none remain. */
  resetsAt: Date;
}

/** `sentAt`: times of marketing forwards already sent to this customer (any adviser). */
export function contactBudget(sentAt: readonly Date[], now: Date, limit: number = DEFAULT_DAILY_BUDGET): BudgetState {
  const start = businessDayStart(now).getTime();
  const end = start + DAY_MS;
  const used = sentAt.filter((t) => t.getTime() >= start && t.getTime() < end).length;
  return { limit, used, remaining: Math.max(0, limit - used), resetsAt: new Date(end) };
}

export type BudgetVerdict =
  | { allowed: true; state: BudgetState }
  | { allowed: false; reason: 'CONTACT_BUDGET_EXHAUSTED'; message: string; state: BudgetState };

export function checkContactBudget(
  sentAt: readonly Date[],
  now: Date,
  limit: number = DEFAULT_DAILY_BUDGET,
): BudgetVerdict {
  const state = contactBudget(sentAt, now, limit);
  if (state.remaining > 0) return { allowed: true, state };
  return {
    allowed: false,
    reason: 'CONTACT_BUDGET_EXHAUSTED',
    message: `今日已联系该客户 ${state.used} 次，已达上限 ${limit} 次`,
    state,
  };
}
