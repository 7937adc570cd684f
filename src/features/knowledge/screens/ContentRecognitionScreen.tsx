import { useState } from 'react';
import { Link, useSearchParams } from 'react-router-dom';

import { day, Disclaimer, ResourceView, useResource } from '../components/parts';
import { qualificationDeclined, qualificationSubmitted } from '../store/knowledge-slice';
import { selectConfirm, selectDeclinedProduct } from '../store/selectors';

import { riskLabel } from '@/api/contract/product-risk-constants';
import type { StorePrivateContract } from '@/api/contract/store';
import {
  COOLING_OFF_HOURS,
  meetsQualification,
  type QualificationBasis,
  QUALIFIED_ASSETS_MIN,
  QUALIFIED_INCOME_MIN,
  QUALIFIED_INVESTOR_RULE,
} from '@/api/contract/store-constants';
import { routes } from '@/routes';
import { useAppDispatch, useAppSelector } from '@/store';
import { ErrorBlock } from '@/ui/ErrorBlock';
import { RiskChip } from '@/ui/RiskChip';
import { RiskDisclosure } from '@/ui/RiskDisclosure';

const COOLING_OFF = `签署合同后享有${COOLING_OFF_HOURS}小时投资冷静期：冷静期内可无条件解除合同并全额退款，管理人不会主动联系您。`;
const PRIVATE_LINE = '私募基金仅向合格投资者销售，可能损失全部本金。';
const BASIS_TEXT: Record<QualificationBasis, { label: string; field: string; min: number }> = {
  assets: { label: '本人金融资产不低于300万元', field: '您的金融资产（万元）', min: QUALIFIED_ASSETS_MIN },
  income: {
    label: '本人最近三年个人年均收入不低于50万元',
    field: '最近三年个人年均收入（万元）',
    min: QUALIFIED_INCOME_MIN,
  },
};

function NotMe({ productId }: { productId: number }) {
  const dispatch = useAppDispatch();
  return (
    <button
      type="button"
      className="kn-btn kn-btn--ghost kn-btn--wide"
      onClick={() => dispatch(qualificationDeclined({ productId }))}
    >
      我不符合
    </button>
  );
}

/** The declaration: which test, the amount, and the truth of it; the server holds the amount against the rule. */
function Confirm({ d }: { d: StorePrivateContract }) {
  const dispatch = useAppDispatch();
  const confirm = useAppSelector(selectConfirm);
  const [basis, setBasis] = useState<QualificationBasis | null>(null);
  const [wan, setWan] = useState('');
  const [risk, setRisk] = useState(false);
  const amount = /^\d{1,9}(\.\d{1,2})?$/.test(wan.trim()) ? Math.round(Number(wan.trim()) * 10000) : null;
  const short = basis && amount !== null && !meetsQualification(basis, amount);
  const bad = wan.trim() !== '' && amount === null;
  return (
    <section className="kn-section">
      <h2>合格投资者确认</h2>
      <p className="kn-meta">查看私募基金业绩与合同前，须确认您符合合格投资者条件：{QUALIFIED_INVESTOR_RULE}。</p>
      {(Object.keys(BASIS_TEXT) as QualificationBasis[]).map((b) => (
        <label className="kn-check" key={b}>
          <input type="radio" name="basis" checked={basis === b} onChange={() => setBasis(b)} />
          {BASIS_TEXT[b].label}
        </label>
      ))}
      {basis && (
        <label className="kn-field">
          <span>{BASIS_TEXT[basis].field}</span>
          <input
            inputMode="decimal"
            value={wan}
            onChange={(e) => setWan(e.target.value)}
            placeholder={`不低于 ${BASIS_TEXT[basis].min / 10000}`}
            maxLength={12}
            aria-invalid={Boolean(bad || short)}
          />
        </label>
      )}
      {bad && <p className="kn-error">请输入金额（万元），最多两位小数</p>}
      {short && <p className="kn-error">按您填写的金额，暂不符合合格投资者条件。如确实不符合，请选择「我不符合」。</p>}
      <label className="kn-check">
        <input type="checkbox" checked={risk} onChange={(e) => setRisk(e.target.checked)} />
        本人承诺以上信息真实、准确；本人风险承受能力与本产品风险等级（{riskLabel(d.product.risk_level)}
        ）相匹配，已知悉私募基金可能损失全部本金
      </label>
      <p className="kn-notice">{COOLING_OFF}</p>
      <button
        type="button"
        className="kn-btn kn-btn--wide"
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

/** Not assessed, expired or too low: the server's reason and how to assess, and the way out. */
function RiskBlocked({ d }: { d: StorePrivateContract }) {
  const m = d.risk_match;
  return (
    <section className="kn-section" aria-label="风险测评">
      <h2>
        {m.status === 'too_low' ? '风险等级不匹配' : m.status === 'expired' ? '风险测评已过期' : '请先完成风险测评'}
      </h2>
      <p className="kn-notice" role="alert">
        {m.message}
      </p>
      <div className="kn-kv">
        <span>您的风险承受能力</span>
        <b>
          {m.customer_level ? `${m.customer_level}${m.expires_at ? `（有效至 ${day(m.expires_at)}）` : ''}` : '未测评'}
        </b>
      </div>
      <div className="kn-kv">
        <span>产品风险等级</span>
        <RiskChip level={m.product_level} />
      </div>
      <NotMe productId={d.product.id} />
    </section>
  );
}

function Declined() {
  return (
    <section className="kn-section" aria-label="已退出">
      <h2>您已选择「我不符合」</h2>
      <p className="kn-meta">按规定，私募基金仅向合格投资者展示。您可以继续浏览适合您的公募基金。</p>
      <Link className="kn-btn kn-btn--wide kn-btn--link" to={routes.productList.getHref()}>
        浏览公募基金
      </Link>
    </section>
  );
}

/** Private-fund contract: the server's risk-level match and the qualified-investor declaration first, then the contract. */
export default function ContentRecognitionScreen() {
  const [params] = useSearchParams();
  const id = Number(params.get('id'));
  const valid = Number.isInteger(id) && id > 0 && id <= 2147483647;
  const r = useResource<StorePrivateContract>(`contract:${valid ? id : 0}`, 'contract', valid ? id : 1);
  const declined = useAppSelector(selectDeclinedProduct);
  if (!valid) return <ErrorBlock status="empty" title="链接无效" description="缺少产品编号，请从产品列表进入" />;
  return (
    <main className="kn-page">
      <ResourceView r={r}>
        {(d) => (
          <>
            <section className="kn-section">
              <h2 style={{ display: 'block' }}>{d.product.name}</h2>
              <div className="kn-meta">
                <RiskChip level={d.product.risk_level} />
                <span>{d.product.min_purchase / 10000}万元起投</span>
              </div>
            </section>
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
      </ResourceView>
    </main>
  );
}
