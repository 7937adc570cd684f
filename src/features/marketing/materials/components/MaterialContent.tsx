import { Link } from 'react-router-dom';

import { ArticleBody, Disclosures, MaterialImage, Products, validityText } from './parts';

import { MATERIAL_KIND_NAMES, type MaterialDetail } from '@/api/contract/market-map-materials';
import { routes } from '@/routes';

/** What the material says: title, facts (kind, review number, validity), its body, products and disclosures. */
export function MaterialContent({ m }: { m: MaterialDetail }) {
  return (
    <>
      <h1 className="mt-title">{m.title}</h1>
      <p className="mt-facts">
        <span>
          {MATERIAL_KIND_NAMES[m.kind]} · {m.project}
        </span>
        <span>{m.review_no || '待合规审核（无审核编号）'}</span>
        <span>有效期 {validityText(m.valid_from, m.valid_until, m.expired)}</span>
      </p>
      {m.kind === 'article' && m.html && <ArticleBody html={m.html} />}
      {m.kind === 'pdf' && (
        <section className="mk-section">
          <Link className="mk-row" to={routes.pdf.getHref(undefined, { material_id: m.material_id })}>
            <div className="mk-row__main">
              <div>阅读文档</div>
              <div>共 {m.pages} 页 · 逐页加载</div>
            </div>
            <span aria-hidden>›</span>
          </Link>
        </section>
      )}
      {(m.kind === 'image' || m.kind === 'poster') && m.image_url && (
        <Link to={routes.productImagePdf.getHref(undefined, { material_id: m.material_id })}>
          <MaterialImage src={m.image_url} alt={m.title} />
        </Link>
      )}
      {m.review_state === 'returned' && (
        <p className="mk-banner" role="alert" data-review-comment>
          合规审核已退回，修改意见：{m.review_comment ?? '请联系审核人员'}。修改后重新提交审核才能发送。
        </p>
      )}
      {m.review_state === 'pending' && (
        <p className="mk-banner" role="note">
          待合规审核：审核人员在审核台通过并给出审核编号后才能发送给客户
          {m.products.length > 0 ? '（文章提及的产品已自动关联）' : ''}。
        </p>
      )}
      <Products products={m.products} />
      <Disclosures lines={m.disclosures} />
    </>
  );
}
