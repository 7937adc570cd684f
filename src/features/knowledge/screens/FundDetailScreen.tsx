import { Link } from 'react-router-dom';

import { AddressedResourcePage } from '../components/AddressedResourcePage';
import { day } from '../components/parts';
import { NoProductId, ProductHead } from '../components/ProductHead';

import type { StoreFundDetail } from '@/api/contract/store';
import { routes } from '@/routes';
import { LineChart } from '@/ui/charts';
import { RiskChip } from '@/ui/RiskChip';
import { RiskDisclosure } from '@/ui/RiskDisclosure';

/** A fund: NAV by period against its benchmark, risk level, fees, manager, disclosures. */
export default function FundDetailScreen() {
  return (
    <AddressedResourcePage<StoreFundDetail> kind="fund" invalid={<NoProductId />}>
      {(d) => (
        <>
          <ProductHead
            name={d.product.name}
            facts={
              <>
                <span>{d.product.code}</span>
                <RiskChip level={d.product.risk_level} />
                <span>{d.product.category}</span>
              </>
            }
          >
            {d.product.yield_7d !== null ? (
              <>
                <div className="kn-kv">
                  <span>七日年化收益率（{day(d.product.nav_date)}）</span>
                  <b style={{ color: 'var(--app-color-brand)' }}>{d.product.yield_7d.toFixed(3)}%</b>
                </div>
                <div className="kn-kv">
                  <span>单位净值</span>
                  <b>{(d.product.latest_nav ?? 1).toFixed(4)}</b>
                </div>
              </>
            ) : d.product.latest_nav !== null && d.product.one_year_return !== null ? (
              <>
                <div className="kn-kv">
                  <span>单位净值（{day(d.product.nav_date)}）</span>
                  <b>{d.product.latest_nav.toFixed(4)}</b>
                </div>
                <div className="kn-kv">
                  <span>近一年收益率</span>
                  <b style={{ color: d.product.one_year_return >= 0 ? '#c8102e' : '#2e7d32' }}>
                    {d.product.one_year_return.toFixed(2)}%
                  </b>
                </div>
              </>
            ) : (
              <div className="kn-kv">
                <span>起投金额</span>
                <b>{d.product.min_purchase / 10000}万元</b>
              </div>
            )}
          </ProductHead>
          <section className="kn-section">
            <h2>累计收益率走势</h2>
            {d.nav.length ? (
              <LineChart
                // Drawn with its benchmark, both lines are cumulative % from the period's start (the heading says
                // so): the legend names the lines, not a NAV the axis does not show.
                series={{ name: '本基金', points: d.nav }}
                benchmark={{ name: d.benchmark.name, points: d.benchmark.points }}
                ariaLabel="累计收益率走势图"
              />
            ) : (
              <>
                <p className="kn-meta">
                  私募产品的净值与业绩仅向确认合格投资者身份、且风险测评等级与产品相匹配的读者展示。
                </p>
                <Link className="ui-btn" to={routes.contentRecognition.getHref({}, { id: d.product.id })}>
                  确认合格投资者身份
                </Link>
              </>
            )}
          </section>
          <section className="kn-section">
            <h2>费率</h2>
            {d.fees.map((f) => (
              <div key={f.name} className="kn-kv">
                <span>{f.name}</span>
                <span>{f.rate}</span>
              </div>
            ))}
          </section>
          <section className="kn-section">
            <h2>基金经理</h2>
            <div className="kn-kv">
              <span>
                {d.manager.name}（从业{d.manager.years}年）
              </span>
              <span className="kn-meta">从业资格编号 {d.manager.certificate_no}</span>
            </div>
            <div className="kn-kv">
              <span>成立日期</span>
              <span>{day(d.launch_date)}</span>
            </div>
          </section>
          <RiskDisclosure lines={d.disclosures} />
        </>
      )}
    </AddressedResourcePage>
  );
}
