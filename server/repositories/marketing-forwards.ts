import { and, asc, eq, gt, gte, ilike, inArray, isNull, type SQL, sql } from 'drizzle-orm';

import { businessDayStart } from '../../src/api/contract/dates';
import type {
  ForwardRequest,
  ForwardResult,
  Recipient,
  RecipientPage,
  RecipientsQuery,
} from '../../src/api/contract/market-map-materials';
import { failedVia, type SendFailure } from '../../src/api/contract/market-map-send';
import type { Db } from '../db/client';
import { mktContactBudgets, mktCustomers, mktForwards, mktShareLinks } from '../db/schema';
import { customerNameLike } from '../marketing/name-match';
import { contactBudget, DEFAULT_DAILY_BUDGET, spendsContact } from '../materials/contact-budget';
import {
  decideForward,
  forwardCustomer,
  type ForwardDecision,
  forwardMaterial,
  materialDescribesPrivateFund,
  summariseRefusals,
} from '../materials/forward-decision';
import { forwardTokenFor } from '../materials/tokens';
import { appendComplianceEvents, type NewComplianceEvent } from './compliance';
import { maskedCustomer } from './marketing-map';
import { findMaterial, productsOf, suitabilityOf } from './marketing-materials';

type Customer = typeof mktCustomers.$inferSelect;
const PAGE = 20;

/**
 * Today's contacts and the budget override of each customer (any adviser's count): marketing forwards and
 * share links alike, each spending the contact only once WeCom confirmed it (or while it is still pending).
 */
export async function budgetsOf(db: Db, ids: readonly number[], now: Date) {
  const since = businessDayStart(now);
  const [sent, links, limits] = await Promise.all([
    ids.length
      ? db
          .select({ customerId: mktForwards.customerId, sentAt: mktForwards.sentAt, sharedVia: mktForwards.sharedVia })
          .from(mktForwards)
          .where(
            and(
              inArray(mktForwards.customerId, [...ids]),
              eq(mktForwards.marketing, true),
              gte(mktForwards.sentAt, since),
            ),
          )
      : [],
    ids.length
      ? db
          .select({
            customerId: mktShareLinks.customerId,
            sentAt: mktShareLinks.createdAt,
            sharedVia: mktShareLinks.sharedVia,
          })
          .from(mktShareLinks)
          .where(and(inArray(mktShareLinks.customerId, [...ids]), gte(mktShareLinks.createdAt, since)))
      : [],
    ids.length
      ? db
          .select()
          .from(mktContactBudgets)
          .where(inArray(mktContactBudgets.customerId, [...ids]))
      : [],
  ]);
  const sentAt = new Map<number, Date[]>();
  for (const s of [...sent, ...links])
    if (spendsContact(s.sharedVia, s.sentAt, now))
      sentAt.set(s.customerId, [...(sentAt.get(s.customerId) ?? []), s.sentAt]);
  const limit = new Map(limits.map((l) => [l.customerId, l.dailyLimit]));
  return (id: number) => ({ sentAt: sentAt.get(id) ?? [], limit: limit.get(id) ?? DEFAULT_DAILY_BUDGET });
}

/** GET /chance/file/recipients: my customers with the verdict and remaining budget, before anything is sent. */
export async function recipients(
  db: Db,
  adviserId: number,
  q: RecipientsQuery,
  now: Date,
): Promise<RecipientPage | null> {
  const m = await findMaterial(db, adviserId, q.fileId);
  if (!m) return null;
  const products = (await productsOf(db, [m.id])).get(m.id) ?? [];
  return recipientPage(db, adviserId, q, now, (c) => suitabilityOf(c, m, products, now));
}

/**
 * One page of my customers for a send's recipient picker (files and product links alike): filtered by a keyword
 * (name-match.ts: a masked name 胡*秀 finds the customer as lists show them) or one customer, counted, paged by id,
 * each with the send's verdict and what is left of the customer's contact budget today.
 */
export async function recipientPage(
  db: Db,
  adviserId: number,
  q: { keyword?: string; customer_id?: number; cursor?: string; limit?: number },
  now: Date,
  verdict: (c: Customer) => Recipient['suitability'],
): Promise<RecipientPage> {
  const limit = q.limit ?? PAGE;
  const filters: SQL[] = [eq(mktCustomers.adviserId, adviserId)];
  const keyword = q.keyword?.trim();
  if (q.customer_id) filters.push(eq(mktCustomers.id, q.customer_id));
  if (keyword) filters.push(ilike(mktCustomers.name, customerNameLike(keyword).pattern));
  const [{ total } = { total: 0 }] = await db
    .select({ total: sql<number>`count(*)::int` })
    .from(mktCustomers)
    .where(and(...filters));
  if (q.cursor && /^\d+$/.test(q.cursor)) filters.push(gt(mktCustomers.id, Number(q.cursor)));
  const rows = await db
    .select()
    .from(mktCustomers)
    .where(and(...filters))
    .orderBy(asc(mktCustomers.id))
    .limit(limit + 1);
  const page = rows.slice(0, limit);
  const budget = await budgetsOf(
    db,
    page.map((c) => c.id),
    now,
  );
  const list = page.map((c) => {
    const b = budget(c.id);
    const state = contactBudget(b.sentAt, now, b.limit);
    return {
      customer: maskedCustomer(c, now),
      suitability: verdict(c),
      budget: { limit: state.limit, used: state.used, remaining: state.remaining },
    };
  });
  return { list, next_cursor: rows.length > limit ? String(page[page.length - 1]!.id) : null, total: Number(total) };
}

export type ForwardOutcome =
  { kind: 'ok'; result: ForwardResult } | { kind: 'material_not_found' } | { kind: 'customer_not_found' };

/**
 * POST /chance/file/forward. One transaction holding the recipients' rows (FOR UPDATE), so two sends
 * at once cannot both spend a customer's last contact. Every decision is audited; a retry with the
 * same idempotency key finds the forwards it made (tokens are derived from the key) and writes nothing.
 */
export async function forward(
  db: Db,
  adviserId: number,
  body: ForwardRequest,
  linkBase: string,
  now: Date,
): Promise<ForwardOutcome> {
  const m = await findMaterial(db, adviserId, body.fileId);
  if (!m) return { kind: 'material_not_found' };
  const ids = [...new Set(body.customer_ids)];
  const products = (await productsOf(db, [m.id])).get(m.id) ?? [];
  const link = (token: string) => `${linkBase}?token=${token}`;
  return db.transaction(async (tx) => {
    const customers = await tx
      .select()
      .from(mktCustomers)
      .where(and(inArray(mktCustomers.id, ids), eq(mktCustomers.adviserId, adviserId)))
      .orderBy(mktCustomers.id)
      .for('update');
    if (customers.length !== ids.length) return { kind: 'customer_not_found' } as const;
    const tokens = new Map(ids.map((id) => [id, forwardTokenFor(adviserId, body.idempotency_key, id)]));
    const done = await tx
      .select()
      .from(mktForwards)
      .where(inArray(mktForwards.token, [...tokens.values()]));
    if (done.length) {
      // The same send again: answer what it did (refusals are recomputed, nothing is written).
      const sentIds = new Set(done.map((f) => f.customerId));
      return {
        kind: 'ok',
        result: await summarise(
          tx,
          adviserId,
          m,
          products,
          customers.filter((c) => !sentIds.has(c.id)),
          done.map((f) => ({ customer_id: f.customerId, forward_id: f.id, token: f.token, link: link(f.token) })),
          now,
          false,
        ),
      } as const;
    }
    return {
      kind: 'ok',
      result: await summarise(tx, adviserId, m, products, customers, [], now, true, body.channel, tokens, link, {
        ...(body.offer ? { offer: body.offer } : {}),
      }),
    } as const;
  });
}

async function summarise(
  tx: Db,
  adviserId: number,
  m: NonNullable<Awaited<ReturnType<typeof findMaterial>>>,
  products: Awaited<ReturnType<typeof productsOf>> extends Map<number, infer P> ? P : never,
  customers: Customer[],
  sent: ForwardResult['sent'],
  now: Date,
  write: boolean,
  channel = 'wecom_chat',
  tokens?: Map<number, string>,
  link?: (t: string) => string,
  /** What the chooser showed and the adviser chose, on every row this send writes. */
  consent: Record<string, unknown> = {},
): Promise<ForwardResult> {
  const budget = await budgetsOf(
    tx,
    customers.map((c) => c.id),
    now,
  );
  const pitch = materialDescribesPrivateFund(m);
  const decisions = customers.map((c) => ({
    c,
    d: decideForward({
      adviserId,
      customer: forwardCustomer(c),
      material: forwardMaterial(m, products, pitch),
      sentAt: budget(c.id).sentAt,
      dailyLimit: budget(c.id).limit,
      now,
    }),
  }));
  if (write && decisions.length) {
    // One trail (compliance_events): each decision, then each forward the server let out (pending until WeCom confirms).
    await appendComplianceEvents(
      tx,
      decisions.map(({ d }) =>
        suitabilityEvent(d, `material:${m.id}`, products[0]?.id ?? null, {
          material_id: m.id,
          product_ids: products.map((p) => p.id),
          ...consent,
        }),
      ),
    );
    const allowed = decisions.filter(({ d }) => d.allowed);
    if (allowed.length) {
      const rows = await tx
        .insert(mktForwards)
        .values(
          allowed.map(({ c }) => ({
            adviserId,
            customerId: c.id,
            materialId: m.id,
            token: tokens!.get(c.id)!,
            marketing: true,
            channel,
            sentAt: now,
          })),
        )
        .returning();
      await appendComplianceEvents(
        tx,
        rows.map((f) =>
          forwardEvent(adviserId, f, now, {
            productId: products[0]?.id ?? null,
            decision: 'pending',
            reason: null,
            detail: { material_id: m.id, channel, product_ids: products.map((p) => p.id), ...consent },
          }),
        ),
      );
      sent.push(
        ...rows.map((f) => ({ customer_id: f.customerId, forward_id: f.id, token: f.token, link: link!(f.token) })),
      );
    }
  }
  const refusedDecisions = decisions.filter(({ d }) => !d.allowed || !write);
  const refused = refusedDecisions.flatMap(({ c, d }) =>
    d.allowed
      ? []
      : [
          {
            customer_id: c.id,
            display_name: maskedCustomer(c, now).display_name,
            reason_code: d.reason,
            reason: d.message,
          },
        ],
  );
  const byReason = summariseRefusals(decisions.map(({ d }) => d));
  return { sent, refused, left_out: { count: refused.length, by_reason: byReason as Record<string, number> } };
}

/** The audit row of one suitability decision (forward or share link), with what the rule saw. */
export function suitabilityEvent(
  d: ForwardDecision,
  subject: string,
  productId: number | null,
  extra: Record<string, unknown>,
) {
  return {
    kind: 'suitability' as const,
    actorId: d.audit.adviserId,
    adviserId: d.audit.adviserId,
    customerId: d.audit.customerId,
    productId,
    subject,
    decision: d.audit.result,
    reason: d.audit.reason,
    detail: { ...(JSON.parse(d.audit.snapshot) as Record<string, unknown>), ...extra },
    at: d.audit.checkedAt,
  };
}

/** A forward's trail row: the adviser's own act on one forward row, at one step of its send (pending, sent, failed). */
function forwardEvent(
  adviserId: number,
  forward: { id: number; customerId: number },
  at: Date,
  step: Pick<NewComplianceEvent, 'productId' | 'decision' | 'reason' | 'detail'>,
): NewComplianceEvent {
  return {
    kind: 'forward',
    actorId: adviserId,
    adviserId,
    customerId: forward.customerId,
    productId: step.productId,
    subject: `forward:${forward.id}`,
    decision: step.decision,
    reason: step.reason,
    detail: step.detail,
    at,
  };
}

/**
 * POST /chance/file/share-record: the WeCom share call's answer for forwards this adviser made. Only a
 * confirmed send spends the contact; a failed or cancelled one gives it back. The first answer stands: a
 * replayed "ok" cannot turn a cancelled send into a spent one, nor the reverse.
 */
export async function recordShare(
  db: Db,
  adviserId: number,
  forwardIds: readonly number[],
  api: string,
  ok: boolean,
  now: Date,
  reason?: SendFailure,
): Promise<number | null> {
  const mine = await db
    .select()
    .from(mktForwards)
    .where(and(inArray(mktForwards.id, [...forwardIds]), eq(mktForwards.adviserId, adviserId)));
  if (mine.length !== new Set(forwardIds).size) return null;
  return db.transaction(async (tx) => {
    const rows = await tx
      .update(mktForwards)
      .set({ sharedVia: ok ? api : failedVia(api, reason), sharedAt: now })
      .where(and(inArray(mktForwards.id, [...forwardIds]), isNull(mktForwards.sharedVia)))
      .returning();
    if (rows.length) {
      await appendComplianceEvents(
        tx,
        rows.map((f) =>
          forwardEvent(adviserId, f, now, {
            productId: null,
            decision: ok ? 'sent' : 'failed',
            reason: ok ? null : (reason ?? 'SEND_NOT_CONFIRMED'),
            detail: { api, material_id: f.materialId },
          }),
        ),
      );
    }
    return mine.length;
  });
}
