// Who may be shown a private fund at all (docs/compliance.md "Risk labels and private funds"): the one rule
// every list, room, page and detail that reaches a customer or the public applies before a private fund
// leaves the server. A private fund may be promoted only to a specific, qualified investor: a
// qualified-investor declaration on record (held against the rule when made, qualification.ts) and an
// assessed, unexpired risk level covering the product master's level (suitability.ts). Everyone else is
// sent nothing of it: no teaser, no count, no name. Staff (advisers, reviewers) see products for their
// work; what they send a customer passes suitability on its own path (forward-decision.ts).
import type { UserRow } from '../repositories/users';
import { checkSuitability, type CustomerRisk, PRODUCT_RISKS, type ProductRisk } from '../suitability/suitability';

export interface PrivateViewer {
  /** An employee at work: not shown products as a customer, so not held to a customer's rule. */
  staff: boolean;
  /** A qualified-investor declaration that met the rule is on record for this person. */
  qualified: boolean;
  riskLevel: CustomerRisk | null;
  riskExpiresAt: Date | null;
}

/** No session: a visitor, never qualified, never assessed. */
export const VISITOR: PrivateViewer = { staff: false, qualified: false, riskLevel: null, riskExpiresAt: null };

/** The rule: may this viewer be shown a private fund of this (product master) risk level at `now`. */
export function maySeePrivateFund(viewer: PrivateViewer, productLevel: ProductRisk, now: Date): boolean {
  if (viewer.staff) return true;
  return checkSuitability(
    { riskLevel: viewer.riskLevel, riskExpiresAt: viewer.riskExpiresAt, qualified: viewer.qualified },
    { riskLevel: productLevel, qualifiedOnly: true },
    now,
  ).suitable;
}

/** The private funds' levels this viewer may see (empty: none), for filtering in a query. */
export function visiblePrivateLevels(viewer: PrivateViewer, now: Date): ProductRisk[] {
  return PRODUCT_RISKS.filter((level) => maySeePrivateFund(viewer, level, now));
}

/**
 * Keeps what this viewer may see. `privateLevel` names an item's private-fund level, or null when the item
 * is not a private fund. A private fund whose level is unknown is never shown to a customer.
 */
export function keepVisible<T>(
  items: readonly T[],
  privateLevel: (item: T) => ProductRisk | null | 'unknown',
  viewer: PrivateViewer,
  now: Date,
): T[] {
  return items.filter((item) => {
    const level = privateLevel(item);
    if (level === null) return true;
    if (level === 'unknown') return viewer.staff;
    return maySeePrivateFund(viewer, level, now);
  });
}

interface ViewerSources {
  qualification(userId: number): Promise<unknown>;
  customerOf(userId: number): Promise<{ riskLevel: CustomerRisk | null; riskExpiresAt: Date | null } | null>;
}

/** The viewer behind a request: a visitor without a session; else the person's declaration and assessment. */
export async function privateViewerOf(
  store: ViewerSources,
  user: Pick<UserRow, 'id' | 'role'> | null | undefined,
): Promise<PrivateViewer> {
  if (!user) return VISITOR;
  if (user.role !== 'customer') return { ...VISITOR, staff: true };
  const [qualification, customer] = await Promise.all([store.qualification(user.id), store.customerOf(user.id)]);
  return {
    staff: false,
    qualified: Boolean(qualification),
    riskLevel: customer?.riskLevel ?? null,
    riskExpiresAt: customer?.riskExpiresAt ?? null,
  };
}
