import { Link } from 'react-router-dom';

import type { DetailVariant } from './use-id-param';
import { pct, tone } from './use-id-param';

import { PRODUCT_KIND_NAMES } from '@/api/contract/market-map-constants';
import { useDetail } from '@/features/marketing/details';
import { formatMoney, ListSkeleton } from '@/features/marketing/shared';
import { routes } from '@/routes';
import { ErrorBlock } from '@/ui/ErrorBlock';
import { RetryBlock } from '@/ui/RetryBlock';
import { RiskChip } from '@/ui/RiskChip';

const NO_PARAMS = {};

/** Products my customers hold, alerts first (NAV fall, near maturity): the way into a product's detail. */
export function MonitorList({ variant }: { variant: DetailVariant }) {
  const { status, data, error, reload } = useDetail('monitorList', NO_PARAMS);
  const href = (productId: number) =>
    (variant === 'portfolio' ? routes.touguRateDetail : routes.rateDetail).getHref(undefined, {
      product_id: productId,
    });
  return (
    <main className="mk-page">
      <header className="pd-hero">
        <h1>{variant === 'portfolio' ? routes.touguRateDetail.title : routes.rateDetail.title}</h1>
        <div className="pd-hero__meta">
          {variant === 'portfolio' ? '投顾组合监控' : '产品监控'}：我的客户持有的产品，净值异动与到期提醒在前
        </div>
      </header>
      {status === 'loading' && !data && <ListSkeleton label="正在加载产品" />}
      {status === 'failed' && !data && (
        <RetryBlock title="产品加载失败" description={error?.message} onRetry={reload} />
      )}
      {data && data.list.length === 0 && <ErrorBlock status="empty" title="客户暂无持仓产品" />}
      {data && data.list.length > 0 && (
        <section className="mk-section pd-rows" aria-label="监控产品">
          {data.list.map((i) => (
            <Link className="mk-row" key={i.product.product_id} to={href(i.product.product_id)}>
              <div className="mk-row__main">
                <div>
                  {i.product.name} <RiskChip level={i.product.risk_level} />{' '}
                  {i.alert === 'nav_fall' && <span className="pd-warn">净值预警</span>}
                  {i.alert === 'maturity' && <span className="pd-warn">{i.maturity_in_days} 天后到期</span>}
                </div>
                <div>
                  {PRODUCT_KIND_NAMES[i.product.kind]} · {i.holders} 位客户 · {formatMoney(i.amount)}
                </div>
              </div>
              <div className="mk-row__side">
                <div>
                  {i.latest_value === null
                    ? '--'
                    : i.series_kind === 'yield'
                      ? `${i.latest_value.toFixed(3)}%`
                      : i.latest_value.toFixed(4)}
                </div>
                <div className={tone(i.change_5d)} style={{ fontSize: 12 }}>
                  近5日 {pct(i.change_5d)}
                </div>
              </div>
            </Link>
          ))}
        </section>
      )}
    </main>
  );
}
