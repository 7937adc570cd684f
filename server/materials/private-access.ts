// Who may see a private fund's performance and contract (docs/store.md#private-fund-contract): pure, so the
// rule is tested on both sides of each boundary. Two tests, both the server's: the reader's declared
// qualification (held against the rule when made) and their assessed risk level (valid, not expired)
// against the product master's level. A customer-ticked box alone unlocks nothing.
import type { RiskMatchState } from '../../src/api/contract/store-constants';
import { HOW_TO_ASSESS, QUALIFIED_INVESTOR_RULE } from '../../src/api/contract/store-constants';
import { checkSuitability, type CustomerRisk, type ProductRisk } from '../suitability/suitability';

export interface AssessedReader {
  riskLevel: CustomerRisk | null;
  riskExpiresAt: Date | null;
}

export interface RiskMatch {
  status: RiskMatchState;
  customerLevel: CustomerRisk | null;
  expiresAt: Date | null;
  productLevel: ProductRisk;
  message: string;
}

/** The reader (null: not a customer of the firm, so never assessed) against the product's level at `now`. */
export function riskMatch(reader: AssessedReader | null, productLevel: ProductRisk, now: Date): RiskMatch {
  const base = {
    customerLevel: reader?.riskLevel ?? null,
    expiresAt: reader?.riskLevel ? reader.riskExpiresAt : null,
    productLevel,
  };
  // The qualified flag is a separate test here: only the levels are compared.
  const verdict = checkSuitability(
    { riskLevel: reader?.riskLevel ?? null, riskExpiresAt: reader?.riskExpiresAt ?? null, qualified: true },
    { riskLevel: productLevel, qualifiedOnly: false },
    now,
  );
  if (verdict.suitable) return { ...base, status: 'matched', message: '' };
  switch (verdict.reason) {
    case 'RISK_NOT_ASSESSED':
      return {
        ...base,
        status: 'not_assessed',
        message: `您尚未完成风险测评，无法确认您的风险承受能力与本产品（${productLevel}）是否匹配。${HOW_TO_ASSESS}。`,
      };
    case 'RISK_ASSESSMENT_EXPIRED':
      return {
        ...base,
        status: 'expired',
        message: `您的风险测评已过期，需重新测评后才能查看本产品（${productLevel}）。${HOW_TO_ASSESS}。`,
      };
    default:
      return {
        ...base,
        status: 'too_low',
        message: `您的风险承受能力为 ${reader!.riskLevel}，低于本产品风险等级 ${productLevel}，按适当性要求不能向您展示本产品的业绩与合同。如您的情况已变化，可重新测评：${HOW_TO_ASSESS}。`,
      };
  }
}

export type RoomGateRefusal = 'not_signed_in' | 'not_qualified' | Exclude<RiskMatchState, 'matched'>;
export interface RoomGate {
  refusal: RoomGateRefusal | null;
  message: string;
  productLevel: ProductRisk | null;
}
const RISK_ORDER: readonly ProductRisk[] = ['R1', 'R2', 'R3', 'R4', 'R5'];

/**
 * A room showing private funds opens on the same two tests as the store's private fund: a qualification on
 * record (declared by the rule) and an assessed, unexpired level matching the highest of the room's
 * private funds. `reader` null: signed in but not a customer of the firm, so never assessed.
 */
export function roomGate(args: {
  signedIn: boolean;
  qualified: boolean;
  reader: AssessedReader | null;
  privateLevels: readonly ProductRisk[];
  now: Date;
}): RoomGate {
  const productLevel = args.privateLevels.reduce<ProductRisk | null>(
    (top, l) => (top === null || RISK_ORDER.indexOf(l) > RISK_ORDER.indexOf(top) ? l : top),
    null,
  );
  if (!args.signedIn)
    return {
      refusal: 'not_signed_in',
      message: '本场直播涉及私募基金，请先登录，再确认合格投资者身份并核对风险测评。',
      productLevel,
    };
  if (!args.qualified) {
    return {
      refusal: 'not_qualified',
      message: `本场直播涉及私募基金，仅向合格投资者展示：请填写您的金融资产或近三年年均收入（${QUALIFIED_INVESTOR_RULE}）完成确认。`,
      productLevel,
    };
  }
  if (productLevel === null) return { refusal: null, message: '', productLevel };
  const match = riskMatch(args.reader, productLevel, args.now);
  return match.status === 'matched'
    ? { refusal: null, message: '', productLevel }
    : { refusal: match.status, message: match.message, productLevel };
}
