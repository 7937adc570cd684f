import Button from 'antd-mobile/es/components/button';
import { useCallback } from 'react';
import { Link } from 'react-router-dom';

import { useSettleWhen } from '../hooks';
import { ListSkeleton } from '../Toast';
import { useDetail } from '../use-detail';
import { HolderList } from './HolderList';
import { MonitorList } from './MonitorList';
import { ProductChart } from './ProductChart';
import { ShareBox } from './ShareBox';
import { type DetailVariant, KIND_NAMES, pct, tone, useIdParam } from './use-id-param';

import '../marketing.css';
import './products.css';

import { periodChange } from '@/lib/series';
import { routes } from '@/routes';
import { ErrorBlock } from '@/ui/ErrorBlock';
import { PullRefresh } from '@/ui/PullRefresh';
import { RiskChip } from '@/ui/RiskChip';
import { RiskDisclosure } from '@/ui/RiskDisclosure';

/**
 * rateDetail / touguRateDetail: one product's chart by period with its benchmark and drawdown, and which
 * of my customers hold it. Without ?product_id= it lists the products under monitoring to pick from.
 */
export function ProductDetailView({ variant }: { variant: DetailVariant }) {
  const id = useIdParam('product_id');
  if (id === 'invalid') {
    return (
      <main className="mk-page">
        <ErrorBlock status="default" title="产品链接无效" description="链接中的产品编号有误，请从产品列表重新打开">
          <Link to={variant === 'portfolio' ? routes.touguRateDetail.getHref() : routes.rateDetail.getHref()}>
            查看产品列表
          </Link>
        </ErrorBlock>
      </main>
    );
  }
  if (id === null) return <MonitorList variant={variant} />;
  return <OneProduct productId={id} variant={variant} />;
}

function OneProduct({ productId, variant }: { productId: number; variant: DetailVariant }) {
  const { status, data, error, reload } = useDetail('productDetail', { product_id: productId });
  const settle = useSettleWhen(status === 'loading');
  const onRefresh = useCallback(() => {
    reload();
    return settle();
  }, [reload, settle]);
  if (status === 'failed' && !data) {
    const missing = error?.httpStatus === 404;
    return (
      <main className="mk-page">
        <ErrorBlock
          status={missing ? 'empty' : 'disconnected'}
          title={missing ? '产品不存在或已下架' : '产品加载失败'}
          description={missing ? '请从产品列表重新选择' : error?.message}
        >
          {missing ? (
            <Link to={routes.rateDetail.getHref()}>查看产品列表</Link>
          ) : (
            <Button color="primary" onClick={reload}>
              重试
            </Button>
          )}
        </ErrorBlock>
      </main>
    );
  }
  if (!data)
    return (
      <main className="mk-page">
        <ListSkeleton rows={3} label="正在加载产品" />
      </main>
    );
  const { product } = data;
  const last = data.series[data.series.length - 1];
  const prev = data.series[data.series.length - 2];
  const sinceLaunch = periodChange(data.series, data.series_kind);
  const dayChange =
    last && prev ? (data.series_kind === 'yield' ? last[1] - prev[1] : ((last[1] - prev[1]) / prev[1]) * 100) : null;
  const body = (
    <>
      <header className="pd-hero">
        <h1>{product.name}</h1>
        <div className="pd-hero__meta">
          <span>{product.code}</span>
          <span className="mk-tag">{KIND_NAMES[product.kind]}</span>
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
      <ProductChart
        name={product.name}
        kind={data.series_kind}
        series={data.series}
        benchmark={data.benchmark}
        variant={variant}
      />
      <RiskDisclosure />
      <HolderList
        holders={data.holders}
        total={data.holders_total}
        title={variant === 'portfolio' ? '跟投该组合的我的客户' : '持有该产品的我的客户'}
      />
      <ShareBox
        productId={product.product_id}
        page="rate"
        label="生成客户分享页"
        ownsMenu
        disabledReason={product.qualified_only ? '私募产品仅限合格投资者，不能公开分享' : null}
      />
      {product.kind === 'bond' ? (
        <ShareBox productId={product.product_id} page="public" label="分享分红记录页" />
      ) : null}
    </>
  );
  return (
    <main className="mk-page">
      <PullRefresh onRefresh={onRefresh}>{body}</PullRefresh>
    </main>
  );
}
