// The adviser's work as own-tracking events (pure): one past-tense action in, at most one event out.
// A snooze or ignore is reported when the server confirmed it, with what was asked (the date, the
// reason), so a failed tap is not counted. Payloads carry ids and codes only: no names, phones or
// typed text leave for tracking (a search reports the keyword's length, not the keyword).
import { AdviserWorkType as T } from './adviser-work-types';

import { AdviserWorkEvent as E } from '@/api/contract/adviser-work-constants';

export interface WorkEvent {
  name: string;
  data: Record<string, unknown>;
}
/** Snoozes and ignores asked for, by card, until the server answers. */
export type PendingWork = Readonly<Record<number, { name: string; data: Record<string, unknown> }>>;
export interface WorkStep {
  pending: PendingWork;
  event: WorkEvent | null;
}

type Payload = Record<string, unknown>;
const obj = (v: unknown): Payload => (v && typeof v === 'object' && !Array.isArray(v) ? (v as Payload) : {});
const num = (v: unknown): number | null => (typeof v === 'number' && Number.isFinite(v) ? v : null);
const idParam = (url: string, name: string) => {
  const v = new URLSearchParams(url.split('?')[1] ?? '').get(name);
  return v && /^\d{1,10}$/.test(v) ? Number(v) : null;
};
/** The card screens of each family and the customer card: opening one is opening a card or a customer. */
const CARD_PAGES = ['/oppDetail', '/fundInDetail', '/touguFundDetail', '/purposeDetail', '/PerspectiveDetail'];
const lower = CARD_PAGES.map((p) => p.toLowerCase());

/** Whom a reach-out names: the card, clue or customer ids it carries. */
function reachData(p: Payload): Payload {
  const out: Payload = {};
  for (const [from, to] of [
    ['cardId', 'card_id'],
    ['card_id', 'card_id'],
    ['clueId', 'clue_id'],
    ['clue_id', 'clue_id'],
    ['customerId', 'customer_id'],
    ['customer_id', 'customer_id'],
  ] as const)
    if (num(p[from]) !== null) out[to] = p[from];
  return out;
}

function pageEvent(p: Payload): WorkEvent | null {
  const path = String(p.path ?? '').toLowerCase();
  const url = String(p.url ?? '');
  const page = lower.indexOf(path);
  if (page >= 0) {
    const card = idParam(url, 'card_id');
    return card === null ? null : { name: E.cardOpened, data: { card_id: card, page: CARD_PAGES[page]!.slice(1) } };
  }
  if (path === '/persondetail') {
    const customer = idParam(url, 'customer_id');
    return customer === null ? null : { name: E.customerOpened, data: { customer_id: customer } };
  }
  return null;
}

/** One-to-one events: the action says all there is to say. */
const DIRECT: Record<string, (p: Payload) => WorkEvent | null> = {
  [T.cardListLoaded]: (p) => {
    const ids = ((obj(p.page).list as unknown[]) ?? []).map((c) => num(obj(c).card_id)).filter((n) => n !== null);
    return ids.length ? { name: E.cardShown, data: { card_ids: ids, count: ids.length } } : null;
  },
  [T.handleSubmitted]: (p) => {
    const draft = obj(p.draft);
    const target = obj(draft.target);
    return {
      name: E.cardHandled,
      data: { ...reachData(target), outcome: String(draft.outcome ?? ''), follow_up: draft.nextFollowUp ?? null },
    };
  },
  [T.cardRestored]: (p) => (num(p.cardId) === null ? null : { name: E.cardRestored, data: { card_id: p.cardId } }),
  [T.searchLoaded]: (p) => {
    const r = obj(p.result);
    const n = (k: string) => (Array.isArray(r[k]) ? (r[k] as unknown[]).length : 0);
    return {
      name: E.searched,
      data: {
        keyword_length: [...String(p.keyword ?? '')].length,
        customers: n('customers'),
        products: n('products'),
        cards: n('cards'),
      },
    };
  },
  [T.forwardDecided]: (p) => {
    const r = obj(p.result);
    const sent = Array.isArray(r.sent) ? (r.sent as unknown[]) : [];
    const refused = Array.isArray(r.refused) ? (r.refused as unknown[]).length : 0;
    if (!sent.length) return null;
    return {
      name: E.materialSent,
      data: { forward_ids: sent.map((s) => obj(s).forward_id), count: sent.length, refused },
    };
  },
  [T.productShareSent]: (p) => {
    const [page, id] = String(p.key ?? '').split(':');
    const productId = Number(id);
    if (!Number.isInteger(productId)) return null;
    return { name: E.productSent, data: { product_id: productId, page, via: String(p.via ?? '') } };
  },
  [T.pageViewed]: pageEvent,
  [T.customerMessageStarted]: (p) => ({ name: E.messageStarted, data: reachData(p) }),
  [T.customerCallStarted]: (p) => ({ name: E.callStarted, data: reachData(p) }),
};

export function adviserWorkStep(pending: PendingWork, action: { type: string; payload?: unknown }): WorkStep {
  const p = obj(action.payload);
  const cardId = num(p.cardId);
  switch (action.type) {
    case T.cardSnoozeRequested:
      if (cardId === null) return { pending, event: null };
      return {
        pending: { ...pending, [cardId]: { name: E.cardSnoozed, data: { card_id: cardId, until: p.until } } },
        event: null,
      };
    case T.cardIgnoreRequested:
      if (cardId === null) return { pending, event: null };
      return {
        pending: {
          ...pending,
          [cardId]: { name: E.cardIgnored, data: { card_id: cardId, reason: p.reason, with_text: !!p.ignoreText } },
        },
        event: null,
      };
    case T.cardStateChanged:
    case T.cardActionFailed: {
      if (cardId === null || !pending[cardId]) return { pending, event: null };
      const { [cardId]: asked, ...rest } = pending;
      const confirmed = action.type === T.cardStateChanged && ['snoozed', 'ignored'].includes(String(p.state));
      return { pending: rest, event: confirmed ? asked! : null };
    }
    default: {
      const map = DIRECT[action.type];
      return { pending, event: map ? map(p) : null };
    }
  }
}
