import { useState } from 'react';

import { qualificationSubmitted } from '../store/knowledge-slice';
import { selectConfirm } from '../store/selectors';
import { NotMe } from './ContractStates';

import { riskLabel } from '@/api/contract/product-risk-constants';
import type { StorePrivateContract } from '@/api/contract/store';
import {
  COOLING_OFF_HOURS,
  type QualificationBasis,
  QUALIFIED_INVESTOR_RULE,
  readDeclaredAmount,
} from '@/api/contract/store-constants';
import { useAppDispatch, useAppSelector } from '@/store';
import { QualificationFields } from '@/ui/QualificationFields';

export const COOLING_OFF = `签署合同后享有${COOLING_OFF_HOURS}小时投资冷静期：冷静期内可无条件解除合同并全额退款，管理人不会主动联系您。`;

/** The declaration: which test, the amount, and the truth of it; the server holds the amount against the rule. */
export function Confirm({ d }: { d: StorePrivateContract }) {
  const dispatch = useAppDispatch();
  const confirm = useAppSelector(selectConfirm);
  const [basis, setBasis] = useState<QualificationBasis | null>(null);
  const [wan, setWan] = useState('');
  const [risk, setRisk] = useState(false);
  const { amount, short, bad } = readDeclaredAmount(basis, wan);
  return (
    <section className="kn-section">
      <h2>合格投资者确认</h2>
      <p className="kn-meta">查看私募基金业绩与合同前，须确认您符合合格投资者条件：{QUALIFIED_INVESTOR_RULE}。</p>
      <QualificationFields
        form={{ basis, setBasis, wan, setWan, bad, short }}
        classes={{ check: 'kn-check', field: 'kn-field', error: 'kn-error' }}
      />
      {short && <p className="kn-error">按您填写的金额，暂不符合合格投资者条件。如确实不符合，请选择「我不符合」。</p>}
      <label className="kn-check">
        <input type="checkbox" checked={risk} onChange={(e) => setRisk(e.target.checked)} />
        本人承诺以上信息真实、准确；本人风险承受能力与本产品风险等级（{riskLabel(d.product.risk_level)}
        ）相匹配，已知悉私募基金可能损失全部本金
      </label>
      <p className="kn-notice">{COOLING_OFF}</p>
      <button
        type="button"
        className="ui-btn kn-btn--wide"
        disabled={!basis || amount === null || Boolean(short) || !risk || confirm.status === 'submitting'}
        onClick={() =>
          basis && amount !== null && dispatch(qualificationSubmitted({ productId: d.product.id, basis, amount }))
        }
      >
        {confirm.status === 'submitting' ? '提交中…' : '确认并查看合同'}
      </button>
      {confirm.status === 'failed' && (
        <p className="kn-error" role="alert">
          {confirm.error}
        </p>
      )}
      <NotMe productId={d.product.id} />
    </section>
  );
}
