import { lazy, Suspense } from 'react';
import { useSearchParams } from 'react-router-dom';
import Button from 'antd-mobile/es/components/button';
import { ErrorBlock } from '@/ui/ErrorBlock';
import { useDetail } from '../components/useDetail';
import { Disclosures, Products } from '../components/materials/parts';
import '../components/marketing.css';
import '../components/materials/materials.css';

const PdfViewer = lazy(() => import(/* webpackChunkName: "pdf-viewer" */ '../components/materials/PdfViewer'));
const idOf = (v: string | null) => (v && /^\d{1,9}$/.test(v) && Number(v) > 0 ? Number(v) : null);

/** 产品资料: a product's image, poster or PDF, with the product's risk level and the disclosures. */
export default function ProductImagePdfScreen() {
  const [query] = useSearchParams();
  const id = idOf(query.get('material_id'));
  const detail = useDetail('materialDetail', id ? { fileId: id } : null);
  const m = detail.data;
  if (!id) return <ErrorBlock status="empty" title="链接不完整" description="缺少资料编号，请从素材库重新打开" />;
  if (detail.status === 'failed' && !m) {
    return (
      <ErrorBlock status="disconnected" title={detail.error?.httpStatus === 404 ? '资料不存在' : '加载失败'} description={detail.error?.message}>
        <Button color="primary" onClick={detail.reload}>重试</Button>
      </ErrorBlock>
    );
  }
  return (
    <main className="mk-page" style={{ paddingBottom: 24 }}>
      <h1 className="mt-title" style={{ fontSize: 16 }}>{m?.title ?? '正在加载…'}</h1>
      {m?.image_url && <img className="mt-image" src={m.image_url} alt={m.title} width={640} height={360} style={{ aspectRatio: '16 / 9', height: 'auto', width: '100%' }} />}
      {m?.pdf_url && (
        <Suspense fallback={<p className="mk-foot">正在加载阅读器…</p>}>
          <PdfViewer url={m.pdf_url} pages={m.pages} />
        </Suspense>
      )}
      {m && <Products products={m.products} />}
      {m && <Disclosures lines={m.disclosures} />}
    </main>
  );
}
