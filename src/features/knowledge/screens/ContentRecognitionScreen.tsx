import { AddressedResourcePage } from '../components/AddressedResourcePage';
import { Declined, RiskBlocked } from '../components/ContractStates';
import { day, Disclaimer } from '../components/parts';
import { NoProductId, ProductHead } from '../components/ProductHead';
import { Confirm, COOLING_OFF } from '../components/QualificationConfirm';
import { selectDeclinedProduct } from '../store/selectors';

import type { StorePrivateContract } from '@/api/contract/store';
import { useAppSelector } from '@/store';
import { RiskChip } from '@/ui/RiskChip';
import { RiskDisclosure } from '@/ui/RiskDisclosure';

const PRIVATE_LINE = '私募基金仅向合格投资者销售，可能损失全部本金。';

/** Private-fund contract: the server's risk-level match and the qualified-investor declaration first, then the contract. */
export default function ContentRecognitionScreen() {
  const declined = useAppSelector(selectDeclinedProduct);
  return (
    <AddressedResourcePage<StorePrivateContract> kind="contract" invalid={<NoProductId />}>
      {(d) => (
        <>
          <ProductHead
            name={d.product.name}
            facts={
              <>
                <RiskChip level={d.product.risk_level} />
                <span>{d.product.min_purchase / 10000}万元起投</span>
              </>
            }
          />
          {declined === d.product.id ? (
            <Declined />
          ) : d.contract ? (
            <section className="kn-section">
              <h2 style={{ display: 'block' }}>{d.contract.title}</h2>
              <p className="kn-notice">{COOLING_OFF}</p>
              {d.contract.sections.map((s) => (
                <div key={s.heading}>
                  <h3 style={{ fontSize: 15 }}>{s.heading}</h3>
                  <p style={{ lineHeight: 1.7 }}>{s.body}</p>
                </div>
              ))}
              <Disclaimer>
                合格投资者确认时间：{d.qualification.confirmed_at ? day(d.qualification.confirmed_at) : ''}
                {d.qualification.basis
                  ? `（依据：${d.qualification.basis === 'assets' ? '金融资产' : '近三年年均收入'}）`
                  : ''}
              </Disclaimer>
            </section>
          ) : d.risk_match.status !== 'matched' ? (
            <RiskBlocked d={d} />
          ) : (
            <Confirm d={d} />
          )}
          <RiskDisclosure lines={[PRIVATE_LINE]} />
        </>
      )}
    </AddressedResourcePage>
  );
}
