import { Link } from 'react-router-dom';

import { qualificationDeclined } from '../store/knowledge-slice';
import { day } from './parts';

import type { StorePrivateContract } from '@/api/contract/store';
import { routes } from '@/routes';
import { useAppDispatch } from '@/store';
import { RiskChip } from '@/ui/RiskChip';

/** The way out for a customer who is not a qualified investor. */
export function NotMe({ productId }: { productId: number }) {
  const dispatch = useAppDispatch();
  return (
    <button
      type="button"
      className="ui-btn ui-btn--ghost kn-btn--wide"
      onClick={() => dispatch(qualificationDeclined({ productId }))}
    >
      我不符合
    </button>
  );
}

/** Not assessed, expired or too low: the server's reason and how to assess, and the way out. */
export function RiskBlocked({ d }: { d: StorePrivateContract }) {
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

/** After 「我不符合」: public funds instead. */
export function Declined() {
  return (
    <section className="kn-section" aria-label="已退出">
      <h2>您已选择「我不符合」</h2>
      <p className="kn-meta">按规定，私募基金仅向合格投资者展示。您可以继续浏览适合您的公募基金。</p>
      <Link className="ui-btn kn-btn--wide" to={routes.productList.getHref()}>
        浏览公募基金
      </Link>
    </section>
  );
}
