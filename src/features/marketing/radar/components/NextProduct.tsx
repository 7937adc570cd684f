import { Link } from 'react-router-dom';

import './radar.css';

import { MATERIAL_KIND_NAMES } from '@/api/contract/market-map-materials';
import { useDetail } from '@/features/marketing/details';
import { LoadState } from '@/features/marketing/shared';
import { routes } from '@/routes';
import { RiskChip } from '@/ui/RiskChip';

/**
 * 推荐产品, on every card: up to three products the server found suitable for this customer and not held, each with
 * why (the card's signal, the fit, its risk level against the customer's) and the approved material to send with it
 * (the send goes through the material's own screen and its suitability check); or one sentence why there is none.
 */
export function NextProduct({ cardId }: { cardId: number }) {
  const d = useDetail('nextProducts', { card_id: cardId });
  const data = d.data?.card_id === cardId ? d.data : null;
  return (
    <section className="mk-section rd-next" aria-label="推荐产品" data-testid="next-product">
      <h3 style={{ fontSize: 15, margin: 0 }}>
        推荐产品{data?.customer_risk_level ? `（客户 ${data.customer_risk_level}）` : ''}
      </h3>
      {!data && <LoadState status={d.status} error={d.error} label="推荐产品" onRetry={d.reload} />}
      {data && data.items.length === 0 && <div className="mk-empty">{data.none_reason}</div>}
      {data?.items.map((s) => (
        <div className="rd-next__item" key={s.product.product_id} data-testid="next-product-item">
          <Link
            className="rd-next__product"
            to={routes.rateDetail.getHref(undefined, { product_id: s.product.product_id })}
          >
            <RiskChip level={s.product.risk_level} />
            <span>{s.product.name}</span>
          </Link>
          <p className="rd-next__why">{s.reason}</p>
          <Link
            className="rd-send"
            to={routes.materialDetail.getHref(undefined, {
              material_id: s.material.material_id,
              customer_id: data.customer_id,
            })}
          >
            查看素材：{MATERIAL_KIND_NAMES[s.material.kind]}《{s.material.title}》
          </Link>
          <div className="rd-meta">{s.material.review_no}</div>
        </div>
      ))}
    </section>
  );
}
