import './review-material.css';

import { MATERIAL_KIND_NAMES } from '@/api/contract/market-map-materials';
import type { MaterialReviewItem } from '@/api/contract/material-review';
import { RiskChip } from '@/ui/RiskChip';
import { RiskDisclosure } from '@/ui/RiskDisclosure';
import { SanitizedHtml } from '@/ui/SanitizedHtml';

/** What the customer would receive: title, text or cover or PDF, the linked products with their levels, disclosures. */
export function ReviewMaterialPreview({ m }: { m: MaterialReviewItem }) {
  return (
    <section className="rm-preview" aria-label="客户看到的内容">
      <h3>{m.title}</h3>
      <p className="st-meta">
        <span>
          {MATERIAL_KIND_NAMES[m.kind]} · {m.project}
        </span>
        {m.summary && <span>{m.summary}</span>}
      </p>
      {m.kind === 'article' && m.html && <SanitizedHtml html={m.html} className="rm-body" />}
      {(m.kind === 'image' || m.kind === 'poster') && m.image_url && (
        <img className="rm-cover" src={m.image_url} alt={m.title} width={640} height={360} />
      )}
      {m.pdf_url && (
        <a className="st-more" href={m.pdf_url} target="_blank" rel="noreferrer">
          打开 PDF 原文
        </a>
      )}
      {m.source_url && <p className="st-meta">来源：{m.source_url}</p>}
      {m.products.length > 0 ? (
        <ul className="rm-products" aria-label="关联产品">
          {m.products.map((p) => (
            <li key={p.product_id}>
              <span>
                {p.name}（{p.code}）
              </span>
              <RiskChip level={p.risk_level} />
              {p.qualified_only && <span className="st-tag st-tag--red">仅限合格投资者</span>}
            </li>
          ))}
        </ul>
      ) : (
        <p className="st-meta">未关联产品</p>
      )}
      {m.disclosures.length > 0 && <RiskDisclosure lines={m.disclosures} />}
    </section>
  );
}
