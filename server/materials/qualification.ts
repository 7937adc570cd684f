// The qualified-investor confirmation (资管新规 / 私募投资基金监督管理暂行办法), one implementation for every
// place a private fund sits behind it (the store's detail and contract, the live room's gate): the declared
// basis and amount are held against the rule by the server, every attempt lands on the compliance trail with
// its time, and only a declaration that meets the rule is kept. Access then also needs the assessed risk
// level to match (private-access.ts): a qualification alone unlocks nothing.
import type { ComplianceDecision } from '../../src/api/contract/compliance-trail';
import {
  meetsQualification,
  type QualificationBasis,
  QUALIFIED_ASSETS_MIN,
  QUALIFIED_INCOME_MIN,
  QUALIFIED_INVESTOR_RULE,
  StoreErrorCode,
} from '../../src/api/contract/store-constants';
import { ApiError } from '../http/errors';
import type { ComplianceRepository } from '../repositories/compliance';
import type { StoreRepository } from '../repositories/store';

export interface QualificationDeps {
  repos: { store: StoreRepository; compliance: ComplianceRepository };
  now: () => Date;
}

export interface Declaration {
  basis: QualificationBasis;
  amount: number;
}

/** Where the declaration was made: `store_product:N` or `live:N`; the store product and master ids when there is one. */
export interface DeclarationSource {
  subject: string;
  storeProductId: number | null;
  masterProductId: number | null;
}

/**
 * One attempt on the compliance trail, with the reader's customer and adviser when the reader is a customer;
 * `at` is the attempt's time, else now.
 */
async function recordAttempt(
  deps: QualificationDeps,
  userId: number,
  source: DeclarationSource,
  outcome: { decision: ComplianceDecision; reason: string; detail: Record<string, unknown> },
  at?: Date,
): Promise<void> {
  const customer = await deps.repos.store.customerOf(userId);
  await deps.repos.compliance.record({
    kind: 'qualification',
    actorId: userId,
    adviserId: customer?.adviserId ?? null,
    customerId: customer?.id ?? null,
    productId: source.masterProductId,
    subject: source.subject,
    ...outcome,
    at: at ?? deps.now(),
  });
}

/** Records the attempt; refuses (400, with the rule) below the threshold; keeps the declaration that meets it. */
export async function declareQualification(
  deps: QualificationDeps,
  userId: number,
  declaration: Declaration,
  source: DeclarationSource,
): Promise<void> {
  const { basis, amount } = declaration;
  const now = deps.now();
  const met = meetsQualification(basis, amount);
  const threshold = basis === 'assets' ? QUALIFIED_ASSETS_MIN : QUALIFIED_INCOME_MIN;
  await recordAttempt(
    deps,
    userId,
    source,
    {
      decision: met ? 'confirmed' : 'refused',
      reason: met ? basis : 'BELOW_THRESHOLD',
      detail: { basis, declared_amount: amount, threshold, rule: QUALIFIED_INVESTOR_RULE },
    },
    now,
  );
  if (!met) {
    throw new ApiError(
      400,
      StoreErrorCode.notQualified,
      `按您填写的${basis === 'assets' ? '金融资产' : '近三年年均收入'}，暂不符合合格投资者条件（${QUALIFIED_INVESTOR_RULE}），不能查看私募产品`,
    );
  }
  await deps.repos.store.confirmQualification(userId, basis, amount, source.storeProductId, now);
}

/** "我不符合": the reader leaves; the exit is recorded like a confirmation. */
export async function declineQualification(
  deps: QualificationDeps,
  userId: number,
  source: DeclarationSource,
): Promise<void> {
  await recordAttempt(deps, userId, source, {
    decision: 'declined',
    reason: 'SELF_DECLARED_NOT_QUALIFIED',
    detail: {},
  });
}
