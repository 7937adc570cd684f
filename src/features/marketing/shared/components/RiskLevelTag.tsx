import type { MaskedCustomer } from '@/api/contract/market-map-common';

/** A customer's risk level as a tag: the assessed level while it is valid, 未测评 otherwise. */
export function RiskLevelTag({ customer }: { customer: Pick<MaskedCustomer, 'risk_state' | 'risk_level'> }) {
  return (
    <span className="mk-tag">
      {customer.risk_state === 'valid' && customer.risk_level ? customer.risk_level : '未测评'}
    </span>
  );
}
