import { Link, useSearchParams } from 'react-router-dom';

import '../../shared/components/marketing.css';

import { useDetail } from '@/features/marketing/details';
import { ReachActions } from '@/features/marketing/reach';
import {
  BadLink,
  customerHref,
  holdingText,
  idParam,
  LoadState,
  PRIORITY_NAMES,
  RiskLevelTag,
} from '@/features/marketing/shared';
import { useRefresh } from '@/store';
import { PullRefresh } from '@/ui/PullRefresh';

/** A product card's holders: the one event (a NAV drop, a maturity…) and every customer of mine it reached. */
export default function ProductHoldersScreen() {
  const [params] = useSearchParams();
  const id = idParam(params.get('product_card_id'));
  const holders = useDetail('productHolders', id ? { product_card_id: id } : null);
  const onRefresh = useRefresh(holders.reload, (state) => [holders.part(state)]);

  if (!id) return <BadLink what="产品卡" />;
  if (holders.status === 'failed' && holders.error?.httpStatus === 404) return <BadLink what="产品卡" notFound />;
  const data = holders.data;
  return (
    <main className="mk-page" data-testid="product-holders">
      <PullRefresh onRefresh={onRefresh}>
        {!data && (
          <LoadState status={holders.status} error={holders.error} label="持有客户" onRetry={holders.reload} rows={4} />
        )}
        {data && (
          <>
            <section className="mk-section" aria-label="产品事件">
              <span className={`mk-pri mk-pri--${data.product_card.priority}`}>
                {PRIORITY_NAMES[data.product_card.priority]}
              </span>{' '}
              <span className="mk-tag">产品卡</span>
              <h1 style={{ fontSize: 17, margin: '8px 0 0', lineHeight: 1.5 }}>{data.product_card.headline}</h1>
            </section>
            <ul aria-label="持有客户" style={{ listStyle: 'none', margin: 0, padding: 0 }}>
              {data.holders.map((h) => (
                <li key={h.customer.customer_id} className="mk-holder mk-holder--reach">
                  <div className="mk-holder__line">
                    <Link className="mk-holder__name" to={customerHref(h.customer.customer_id)}>
                      {h.customer.display_name}
                    </Link>
                    <RiskLevelTag customer={h.customer} />
                    <span className="mk-holder__aum" data-testid="holder-amount">
                      {holdingText(h.amount, h.nav_day)}
                    </span>
                  </div>
                  {/* The holder's own card when open (its reach and history stay one), else the customer. */}
                  <ReachActions
                    target={h.open_card_id ? { card_id: h.open_card_id } : { customer_id: h.customer.customer_id }}
                    customerId={h.customer.customer_id}
                    productIds={data.product_card.product ? [data.product_card.product.product_id] : []}
                  />
                </li>
              ))}
            </ul>
            {data.holders.length === 0 && <div className="mk-empty">暂无持有客户</div>}
          </>
        )}
      </PullRefresh>
    </main>
  );
}
