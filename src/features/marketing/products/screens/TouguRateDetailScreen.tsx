import { ProductDetailView } from '../components/ProductDetailView';

/**
 * 投顾收益率详情: the advisory-portfolio (投顾) view of the same product data. A portfolio is judged by its
 * cumulative return against its benchmark, so the chart is always in cumulative percent and the excess
 * return (超额收益) replaces the benchmark's own change; holders are the customers who follow it. Kept alive.
 */
export default function TouguRateDetailScreen() {
  return <ProductDetailView variant="portfolio" />;
}
