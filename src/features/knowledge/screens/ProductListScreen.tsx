import { ProductCard } from '../components/cards';
import { PagedList } from '../components/PagedList';

import type { StoreProduct } from '@/api/contract/store';
import { RiskDisclosure } from '@/ui/RiskDisclosure';

/** Products with their risk level; the disclosures stay on the page. */
export default function ProductListScreen() {
  return (
    <main className="kn-page">
      <PagedList<StoreProduct>
        listKey="products"
        kind="products"
        empty="暂无产品"
        render={(p) => <ProductCard key={p.id} p={p} />}
      />
      <RiskDisclosure lines={['请根据自身风险承受能力选择与之匹配的产品；私募产品仅向合格投资者展示。']} />
    </main>
  );
}
