import type { SharePageData } from '@/api/contract/market-map-products';

/** The adviser's card with their qualification number, on every share page (docs/workbench.md#suitability-and-contact-limits). */
export function ShareAdviserCard({ adviser }: { adviser: SharePageData['adviser'] }) {
  return (
    <section className="pd-adviser" aria-label="理财师名片">
      <img src={adviser.avatar} alt="" width={48} height={48} />
      <div>
        <strong>{adviser.name}</strong> <span className="mk-tag">{adviser.title}</span>
        <p>从业资格编号：{adviser.certificate_no || '—'}</p>
        <p>如需了解产品详情，请联系您的专属理财师</p>
      </div>
    </section>
  );
}
