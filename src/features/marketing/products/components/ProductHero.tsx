import { type DetailVariant, pct, tone } from './use-id-param';

import { PRODUCT_KIND_NAMES } from '@/api/contract/market-map-constants';
import type { ProductDetail } from '@/api/contract/market-map-products';
import { periodChange } from '@/lib/series';
import { RiskChip } from '@/ui/RiskChip';

/** The product's name, code, kind, risk and flags, then its latest value (or cumulative return), day change and holders. */
export function ProductHero({ data, variant }: { data: ProductDetail; variant: DetailVariant }) {
  const { product } = data;
  const last = data.series[data.series.length - 1];
  const prev = data.series[data.series.length - 2];
  const sinceLaunch = periodChange(data.series, data.series_kind);
  const dayChange =
    last && prev ? (data.series_kind === 'yield' ? last[1] - prev[1] : ((last[1] - prev[1]) / prev[1]) * 100) : null;
  return (
    <header className="pd-hero">
      <h1>{product.name}</h1>
      <div className="pd-hero__meta">
        <span>{product.code}</span>
        <span className="mk-tag">{PRODUCT_KIND_NAMES[product.kind]}</span>
        <RiskChip level={product.risk_level} />
        {product.qualified_only && <span className="pd-warn">合格投资者专属</span>}
        {product.maturity_date && <span>到期日 {product.maturity_date}</span>}
        {variant === 'portfolio' && <span className="mk-tag mk-tag--state">投顾组合视角</span>}
      </div>
      <div className="pd-stats">
        {variant === 'portfolio' ? (
          <div>
            <strong className={tone(sinceLaunch)}>{pct(sinceLaunch)}</strong>
            <span>累计收益</span>
          </div>
        ) : (
          <div>
            <strong>
              {last ? (data.series_kind === 'yield' ? `${last[1].toFixed(3)}%` : last[1].toFixed(4)) : '--'}
            </strong>
            <span>
              {data.series_kind === 'yield' ? '七日年化' : '单位净值'}
              {last ? ` ${last[0].slice(5)}` : ''}
            </span>
          </div>
        )}
        <div>
          <strong className={tone(dayChange)}>
            {pct(dayChange === null ? null : Math.round(dayChange * 1000) / 1000)}
          </strong>
          <span>日涨跌</span>
        </div>
        <div>
          <strong>{data.holders_total}</strong>
          <span>{variant === 'portfolio' ? '签约客户' : '持有客户'}</span>
        </div>
      </div>
    </header>
  );
}
