import { Disclosures } from '../components/parts';
import { PdfReader } from '../components/PdfReader';
import { useAddressedMaterial } from '../components/use-addressed-material';

import '../../shared/components/marketing.css';
import '../components/materials.css';

import { ErrorBlock } from '@/ui/ErrorBlock';

/** 文档预览: a PDF material, page by page (PDF.js in its own lazy chunk). */
export default function PdfScreen() {
  const { detail, instead } = useAddressedMaterial('文档');
  const m = detail.data;
  if (instead) return instead;
  if (m && !m.pdf_url) return <ErrorBlock status="empty" title="这份素材不是文档" description={m.title} />;
  return (
    <main className="mk-page" style={{ paddingBottom: 24 }}>
      <h1 className="mt-title" style={{ fontSize: 16 }}>
        {m?.title ?? '正在打开文档…'}
      </h1>
      {m && <Disclosures lines={m.disclosures} />}
      {m?.pdf_url && <PdfReader url={m.pdf_url} pages={m.pages} waiting="正在加载阅读器…" />}
    </main>
  );
}
