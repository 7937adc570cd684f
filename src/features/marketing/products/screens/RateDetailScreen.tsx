import { ProductDetailView } from '../components/ProductDetailView';

/** 收益率详情 (product monitoring): a product's NAV or yield by period with its benchmark, and my holders. Kept alive. */
export default function RateDetailScreen() {
  return <ProductDetailView variant="product" />;
}
