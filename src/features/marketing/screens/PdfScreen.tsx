import { lazy, Suspense } from 'react';
import { useSearchParams } from 'react-router-dom';
import Button from 'antd-mobile/es/components/button';
import { ErrorBlock } from '@/ui/ErrorBlock';
import { useDetail } from '../components/useDetail';
import { Disclosures } from '../components/materials/parts';
import '../components/marketing.css';
import '../components/materials/materials.css';

const PdfViewer = lazy(() => import(/* webpackChunkName: "pdf-viewer" */ '../components/materials/PdfViewer'));
const idOf = (v: string | null) => (v && /^\d{1,9}$/.test(v) && Number(v) > 0 ? Number(v) : null);

/** 文档预览: a PDF material, page by page (PDF.js in its own lazy chunk). */
export default function PdfScreen() {
  const [query] = useSearchParams();
  const id = idOf(query.get('material_id'));
  const detail = useDetail('materialDetail', id ? { fileId: id } : null);
  const m = detail.data;
  if (!id) return <ErrorBlock status="empty" title="链接不完整" description="缺少文档编号，请从素材库重新打开" />;
  if (detail.status === 'failed' && !m) {
    return (
      <ErrorBlock status="disconnected" title={detail.error?.httpStatus === 404 ? '文档不存在' : '加载失败'} description={detail.error?.message}>
        <Button color="primary" onClick={detail.reload}>重试</Button>
      </ErrorBlock>
    );
  }
  if (m && !m.pdf_url) return <ErrorBlock status="empty" title="这份素材不是文档" description={m.title} />;
  return (
    <main className="mk-page" style={{ paddingBottom: 24 }}>
      <h1 className="mt-title" style={{ fontSize: 16 }}>{m?.title ?? '正在打开文档…'}</h1>
      {m && <Disclosures lines={m.disclosures} />}
      {m?.pdf_url && (
        <Suspense fallback={<p className="mk-foot">正在加载阅读器…</p>}>
          <PdfViewer url={m.pdf_url} pages={m.pages} />
        </Suspense>
      )}
    </main>
  );
}
