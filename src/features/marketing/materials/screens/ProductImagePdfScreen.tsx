import { Disclosures, MaterialImage, Products } from '../components/parts';
import { PdfReader } from '../components/PdfReader';
import { useAddressedMaterial } from '../components/use-addressed-material';

import '../../shared/components/marketing.css';
import '../components/materials.css';

/** 产品资料: a product's image, poster or PDF, with the product's risk level and the disclosures. */
export default function ProductImagePdfScreen() {
  const { detail, instead } = useAddressedMaterial('资料');
  const m = detail.data;
  if (instead) return instead;
  return (
    <main className="mk-page" style={{ paddingBottom: 24 }}>
      <h1 className="mt-title" style={{ fontSize: 16 }}>
        {m?.title ?? '正在加载…'}
      </h1>
      {m?.image_url && <MaterialImage src={m.image_url} alt={m.title} fill />}
      {m?.pdf_url && <PdfReader url={m.pdf_url} pages={m.pages} waiting="正在加载阅读器…" />}
      {m && <Products products={m.products} />}
      {m && <Disclosures lines={m.disclosures} />}
    </main>
  );
}
