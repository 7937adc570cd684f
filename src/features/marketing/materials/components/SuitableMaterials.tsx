import { MaterialRow } from './parts';

import './materials.css';

import { useDetailList } from '@/features/marketing/details';
import { InlineListState, InlineMore } from '@/features/marketing/shared';

/**
 * 适合该客户的素材 (shared with the customer and card screens): suitable materials first, the others
 * greyed with the reason; each opens materialDetail with the customer preselected. With productIds,
 * materials about those products come before the rest of their group.
 */
export default function SuitableMaterials({ customerId, productIds }: { customerId: number; productIds?: number[] }) {
  const list = useDetailList('materialFiles', { customer_id: customerId });
  const about = new Set(productIds ?? []);
  const rank = (m: (typeof list.items)[number]) =>
    (m.suitability?.ok && !m.expired ? 0 : 2) + (m.products.some((p) => about.has(p.product_id)) ? 0 : 1);
  const items = [...list.items].sort((a, b) => rank(a) - rank(b));
  return (
    <section aria-label="适合该客户的素材" data-testid="suitable-materials" data-status={list.status}>
      <h3 style={{ margin: '12px 12px 8px', fontSize: 14, color: 'var(--app-color-text-secondary)', fontWeight: 500 }}>
        适合该客户的素材
      </h3>
      <InlineListState list={list} loading="正在检查适当性…" />
      {list.status === 'loaded' && items.length === 0 && <p className="mk-foot">暂无素材</p>}
      {items.map((m) => (
        <MaterialRow key={m.material_id} m={m} customerId={customerId} />
      ))}
      <InlineMore list={list} label="更多素材" />
    </section>
  );
}
