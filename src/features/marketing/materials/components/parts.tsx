import { Link } from 'react-router-dom';

import { distinctRiskLevels } from './risk-levels';

import { businessDate } from '@/api/contract/dates';
import type { ProductBrief } from '@/api/contract/market-map-common';
import { MATERIAL_KIND_NAMES, type MaterialItem } from '@/api/contract/market-map-materials';
import { routes } from '@/routes';
import { RiskChip } from '@/ui/RiskChip';
import { RiskDisclosure } from '@/ui/RiskDisclosure';
import { SanitizedHtml } from '@/ui/SanitizedHtml';

const day = (s: number) => businessDate(s * 1000);

export function MaterialRow({ m, customerId }: { m: MaterialItem; customerId?: number }) {
  const off = m.expired || (m.suitability && !m.suitability.ok);
  return (
    <div className="mt-row">
      <Link
        className={`mt-item${off ? ' mt-item--off' : ''}`}
        data-material-id={m.material_id}
        to={routes.materialDetail.getHref(undefined, {
          material_id: m.material_id,
          ...(customerId ? { customer_id: customerId } : {}),
        })}
      >
        <span className="mt-item__kind" aria-hidden>
          {MATERIAL_KIND_NAMES[m.kind]}
        </span>
        <span className="mt-item__main">
          <span className="mt-item__title">{m.title}</span>
          <span className="mt-item__meta">
            <span>{m.project}</span>
            {m.pages ? <span>{m.pages} 页</span> : null}
            {distinctRiskLevels(m.products).map((level) => (
              <RiskChip key={level} level={level} />
            ))}
            {m.expired ? <span className="mt-expired">已过期</span> : <span>有效至 {day(m.valid_until)}</span>}
          </span>
          {m.suitability && !m.suitability.ok && (
            <span className="mt-item__why" style={{ display: 'block' }}>
              不适合：{m.suitability.reason}
            </span>
          )}
        </span>
      </Link>
      <Link
        className="mt-radar"
        to={routes.materialRadar.getHref(undefined, { material_id: m.material_id })}
        aria-label={`《${m.title}》的阅读雷达`}
      >
        雷达
      </Link>
    </div>
  );
}

export function Products({ products }: { products: ProductBrief[] }) {
  if (!products.length) return null;
  return (
    <section className="mk-section mt-products" aria-label="关联产品">
      <h3>关联产品</h3>
      {products.map((p) => (
        <div className="mk-row" key={p.product_id}>
          <div className="mk-row__main">
            <div>{p.name}</div>
            <div>
              {p.code}
              {p.qualified_only ? ' · 仅限合格投资者' : ''}
            </div>
          </div>
          <RiskChip level={p.risk_level} />
        </div>
      ))}
    </section>
  );
}

/** A material naming a product carries the disclosure block; one naming none has nothing to disclose. */
export function Disclosures({ lines }: { lines: string[] }) {
  if (!lines.length) return null;
  return <RiskDisclosure lines={lines} />;
}

/** A picture or poster at 16:9 (its place held before it loads); `fill` stretches it to the page's width. */
export function MaterialImage({ src, alt, fill }: { src: string; alt: string; fill?: boolean }) {
  return (
    <img
      className="mt-image"
      src={src}
      alt={alt}
      width={640}
      height={360}
      style={{ aspectRatio: '16 / 9', height: 'auto', ...(fill ? { width: '100%' } : {}) }}
    />
  );
}

/** Article HTML: sanitized by the server on write, and again here before it is shown. */
export function ArticleBody({ html }: { html: string }) {
  return <SanitizedHtml html={html} className="mt-body" waitingStyle={{ minHeight: 240 }} />;
}

export const validityText = (from: number, until: number, expired: boolean) =>
  `${day(from)} 至 ${day(until)}${expired ? '（已过期，不能发送）' : ''}`;
