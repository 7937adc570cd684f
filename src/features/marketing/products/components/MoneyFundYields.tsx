import { Link } from 'react-router-dom';

import type { MoneyFundPage } from '@/api/contract/market-map-products';
import { routes } from '@/routes';

/** Today's 7-day yield of each money fund, each opening its rate page. */
export function MoneyFundYields({ yields }: { yields: MoneyFundPage['yields'] }) {
  return (
    <section className="mk-section" aria-label="货币基金收益">
      <h3>今日七日年化（{yields[0]!.day}）</h3>
      {yields.map((y) => (
        <Link
          className="mk-row"
          key={y.product_id}
          to={routes.rateDetail.getHref(undefined, { product_id: y.product_id })}
        >
          <div className="mk-row__main">{y.name}</div>
          <div className="mk-row__side">{y.yield_7d.toFixed(3)}%</div>
        </Link>
      ))}
    </section>
  );
}
