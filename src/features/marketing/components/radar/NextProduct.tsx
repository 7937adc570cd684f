import { Link } from 'react-router-dom';

import { LoadState } from '../customer/LoadState';
import { useDetail } from '../use-detail';

import './radar.css';

import { MATERIAL_KIND_NAMES } from '@/api/contract/market-map-materials';
import { routes } from '@/routes';
import { RiskChip } from '@/ui/RiskChip';

/** Money flow, maturity and intent cards: the families the server may suggest a product for. */
const FAMILIES = [1, 2, 4, 6, 7];

/**
 * 推荐产品: the ONE product the server found suitable for this customer, why, and the compliant
 * material to send with it (the send goes through the material's own screen and its suitability check).
 */
export function NextProduct({ cardId, categoryIds }: { cardId: number; categoryIds: number[] }) {
  const eligible = categoryIds.some((c) => FAMILIES.includes(c));
  const d = useDetail('nextProduct', eligible ? { card_id: cardId } : null);
  if (!eligible) return null;
  const s = d.data?.card_id === cardId ? d.data.suggestion : null;
  return (
    <section className="mk-section rd-next" aria-label="推荐产品" data-testid="next-product">
      <h3 style={{ fontSize: 15, margin: 0 }}>推荐产品</h3>
      {!d.data && <LoadState status={d.status} error={d.error} label="推荐产品" onRetry={d.reload} />}
      {d.data && !s && <div className="mk-empty">{d.data.none_reason ?? '暂无适合该客户的产品'}</div>}
      {s && (
        <>
          <Link
            className="rd-next__product"
            to={routes.rateDetail.getHref(undefined, { product_id: s.product.product_id })}
          >
            <RiskChip level={s.product.risk_level} />
            <span>{s.product.name}</span>
          </Link>
          <p className="rd-next__why">{s.reason}</p>
          {s.material ? (
            <Link
              className="rd-send"
              to={routes.materialDetail.getHref(undefined, {
                material_id: s.material.material_id,
                customer_id: d.data!.customer_id,
              })}
            >
              发送{MATERIAL_KIND_NAMES[s.material.kind]}《{s.material.title}》
            </Link>
          ) : (
            <div className="rd-meta">暂无可发送的合规素材，可在产品页分享</div>
          )}
        </>
      )}
    </section>
  );
}
