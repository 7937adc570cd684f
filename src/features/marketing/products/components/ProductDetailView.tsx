import { Link } from 'react-router-dom';

import { HolderList } from './HolderList';
import { MonitorList } from './MonitorList';
import { ProductChart } from './ProductChart';
import { ProductHero } from './ProductHero';
import { ShareBox } from './ShareBox';
import { type DetailVariant, useIdParam } from './use-id-param';

import '../../shared/components/marketing.css';
import './products.css';

import { useDetail } from '@/features/marketing/details';
import { ListSkeleton } from '@/features/marketing/shared';
import { routes } from '@/routes';
import { useRefresh } from '@/store';
import { ErrorBlock } from '@/ui/ErrorBlock';
import { PullRefresh } from '@/ui/PullRefresh';
import { RetryBlock } from '@/ui/RetryBlock';
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
  const { status, data, error, reload, part } = useDetail('productDetail', { product_id: productId });
  const onRefresh = useRefresh(reload, (state) => [part(state)]);
  if (status === 'failed' && !data) {
    return (
      <main className="mk-page">
        {error?.httpStatus === 404 ? (
          <ErrorBlock status="empty" title="产品不存在或已下架" description="请从产品列表重新选择">
            <Link to={routes.rateDetail.getHref()}>查看产品列表</Link>
          </ErrorBlock>
        ) : (
          <RetryBlock title="产品加载失败" description={error?.message} onRetry={reload} />
        )}
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
  const body = (
    <>
      <ProductHero data={data} variant={variant} />
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
