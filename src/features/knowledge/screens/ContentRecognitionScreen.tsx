import { useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import type { StorePrivateContract } from '@/api/contract/store';
import { COOLING_OFF_HOURS, QUALIFIED_INVESTOR_RULE, RISK_LEVEL_LABELS } from '@/api/contract/store-constants';
import { useAppDispatch, useAppSelector } from '@/store';
import { ErrorBlock } from '@/ui/ErrorBlock';
import { qualificationSubmitted } from '../store/knowledgeSlice';
import { selectConfirm } from '../store/selectors';
import { Disclaimer, ResourceView, day, useResource } from '../components/parts';

function Confirm({ productId, riskLevel }: { productId: number; riskLevel: number }) {
  const dispatch = useAppDispatch();
  const confirm = useAppSelector(selectConfirm);
  const [basis, setBasis] = useState<'assets' | 'income' | null>(null);
  const [risk, setRisk] = useState(false);
  return (
    <section className="kn-section">
      <h2>合格投资者确认</h2>
      <p className="kn-meta">查看私募基金合同前，请确认您符合合格投资者条件：{QUALIFIED_INVESTOR_RULE}。</p>
      <label className="kn-check">
        <input type="radio" name="basis" checked={basis === 'assets'} onChange={() => setBasis('assets')} />
        本人金融资产不低于300万元
      </label>
      <label className="kn-check">
        <input type="radio" name="basis" checked={basis === 'income'} onChange={() => setBasis('income')} />
        本人最近三年个人年均收入不低于50万元
      </label>
      <label className="kn-check">
        <input type="checkbox" checked={risk} onChange={(e) => setRisk(e.target.checked)} />
        本人风险承受能力与本产品风险等级（{RISK_LEVEL_LABELS[riskLevel]}）相匹配，已知悉私募基金可能损失全部本金
      </label>
      <button type="button" className="kn-btn kn-btn--wide" style={{ margin: '8px 0' }} disabled={!basis || !risk || confirm.status === 'submitting'} onClick={() => basis && dispatch(qualificationSubmitted({ productId, basis }))}>
        {confirm.status === 'submitting' ? '提交中…' : '确认并查看合同'}
      </button>
      {confirm.status === 'failed' && <p className="kn-error">{confirm.error}</p>}
    </section>
  );
}

/** Private-fund contract: the qualified-investor and risk confirmation first, then the contract. */
export default function ContentRecognitionScreen() {
  const [params] = useSearchParams();
  const id = Number(params.get('id'));
  const valid = Number.isInteger(id) && id > 0 && id <= 2147483647;
  const r = useResource<StorePrivateContract>(`contract:${valid ? id : 0}`, 'contract', valid ? id : 1);
  if (!valid) return <ErrorBlock status="empty" title="链接无效" description="缺少产品编号，请从产品列表进入" />;
  return (
    <main className="kn-page">
      <ResourceView r={r}>
        {(d) => (
          <>
            <section className="kn-section">
              <h2 style={{ display: 'block' }}>{d.product.name}</h2>
              <div className="kn-meta">
                <span className="kn-tag">{RISK_LEVEL_LABELS[d.product.risk_level]}</span>
                <span>{d.product.min_purchase / 10000}万元起投</span>
              </div>
            </section>
            {d.contract ? (
              <section className="kn-section">
                <h2 style={{ display: 'block' }}>{d.contract.title}</h2>
                <p className="kn-notice">
                  签署后享有{COOLING_OFF_HOURS}小时投资冷静期：冷静期内可无条件解除合同并全额退款。
                </p>
                {d.contract.sections.map((s) => (
                  <div key={s.heading}>
                    <h3 style={{ fontSize: 15 }}>{s.heading}</h3>
                    <p style={{ lineHeight: 1.7 }}>{s.body}</p>
                  </div>
                ))}
                <Disclaimer>合格投资者确认时间：{d.qualification.confirmed_at ? day(d.qualification.confirmed_at) : ''}</Disclaimer>
              </section>
            ) : (
              <Confirm productId={d.product.id} riskLevel={d.product.risk_level} />
            )}
          </>
        )}
      </ResourceView>
    </main>
  );
}
