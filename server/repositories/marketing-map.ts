import { businessDate } from '../../src/api/contract/dates';
import type { CardReason, ScoreParts } from '../../src/api/contract/market-map-cards';
import type { MaskedCustomer, ProductBrief } from '../../src/api/contract/market-map-common';
import { CHANCE_CATEGORY_NAMES } from '../../src/api/contract/market-map-constants';
import { maskName, maskPhone } from '../../src/api/contract/mask';
import { maskPersonalNumbers } from '../../src/lib/content-policy';
import type { mktCustomers, mktProducts } from '../db/schema';
import { badRequest } from '../http/errors';

/** Row → wire mapping shared by the marketing read models. Never copies the full phone. */
export const secs = (d: Date | null | undefined): number | null => (d ? Math.floor(d.getTime() / 1000) : null);

export function maskedCustomer(c: typeof mktCustomers.$inferSelect, now: Date): MaskedCustomer {
  const state =
    !c.riskLevel || !c.riskExpiresAt ? 'missing' : c.riskExpiresAt.getTime() <= now.getTime() ? 'expired' : 'valid';
  return {
    customer_id: c.id,
    display_name: maskName(c.name),
    phone_masked: maskPhone(c.phone),
    gender: c.gender ?? null,
    risk_level: c.riskLevel ?? null,
    risk_state: state,
    risk_expires_on: c.riskExpiresAt ? businessDate(c.riskExpiresAt) : null,
    qualified: c.qualified,
    tags: c.tags,
    aum: Number(c.aum),
    tier: c.tier,
    last_contact_at: secs(c.lastContactAt),
  };
}

export function productBrief(p: typeof mktProducts.$inferSelect): ProductBrief {
  return {
    product_id: p.id,
    code: p.code,
    name: p.name,
    kind: p.kind,
    risk_level: p.riskLevel,
    qualified_only: p.qualifiedOnly,
    maturity_date: p.maturityAt ? businessDate(p.maturityAt) : null,
  };
}

export function reason(
  s: { id: number; categoryId: number; title: string; occurredAt: Date; amount: number | null },
  product: typeof mktProducts.$inferSelect | null,
): CardReason {
  return {
    signal_id: s.id,
    category_id: s.categoryId,
    category_name: CHANCE_CATEGORY_NAMES[s.categoryId] ?? '',
    // A reason quoting the customer (a live question) is customer text: personal numbers masked by the policy.
    title: maskPersonalNumbers(s.title),
    occurred_at: secs(s.occurredAt)!,
    amount: s.amount === null ? null : Number(s.amount),
    product: product ? productBrief(product) : null,
  };
}

export function scoreParts(raw: unknown): ScoreParts {
  const r = (raw ?? {}) as Partial<ScoreParts>;
  return {
    amount: r.amount ?? 0,
    recency: r.recency ?? 0,
    behaviour: r.behaviour ?? 0,
    tier: r.tier ?? 0,
    feedback: r.feedback ?? 0,
  };
}

/** Opaque keyset cursor: base64url of "a~b" (sort value, id), or "a~b~n" carrying the first page's total. */
export function encodeCursor(a: number, id: number, total?: number): string {
  return Buffer.from(`${a}~${id}${total === undefined ? '' : `~${total}`}`).toString('base64url');
}
export function decodeCursor(cursor: string | undefined): { a: number; id: number; total: number | null } | null {
  if (!cursor) return null;
  const m = /^(-?\d+(?:\.\d+)?(?:e[-+]?\d+)?)~(\d+)(?:~(\d+))?$/.exec(
    Buffer.from(cursor, 'base64url').toString('utf8'),
  );
  if (!m) throw badRequest('cursor 无效：请从第一页重新加载');
  return { a: Number(m[1]), id: Number(m[2]), total: m[3] === undefined ? null : Number(m[3]) };
}
