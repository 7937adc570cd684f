import { useEffect } from 'react';
import { useSearchParams } from 'react-router-dom';

import { ArticleBody, Disclosures, MaterialImage, Products } from '../components/parts';
import { PdfReader } from '../components/PdfReader';
import { readerOpened, readerScrolled, selectReader } from '../store/materials-slice';

import '../../shared/components/marketing.css';
import '../components/materials.css';

import { useAppDispatch, useAppSelector } from '@/store';
import { ErrorBlock } from '@/ui/ErrorBlock';
import { RetryBlock } from '@/ui/RetryBlock';

const TOKEN = /^[A-Za-z0-9_-]{16,64}$/;

/** The customer's page of a forwarded material (WeChat): no sign-in; risk disclosures and the adviser's card; reading is tracked. */
export default function ReadMaterialScreen() {
  const [query] = useSearchParams();
  const token = query.get('token') ?? '';
  const valid = TOKEN.test(token);
  const reader = useAppSelector(selectReader);
  const dispatch = useAppDispatch();
  useEffect(() => {
    if (valid) dispatch(readerOpened({ token }));
  }, [dispatch, token, valid]);
  const depth = reader.depth;
  useEffect(() => {
    // Report only a deeper scroll, in 2 % steps: one event per step, not one per scroll frame.
    const onScroll = () => {
      const max = document.documentElement.scrollHeight - window.innerHeight;
      const d = max <= 0 ? 1 : Math.min(1, (window.scrollY + 1) / max);
      if (d - depth >= 0.02 || (d === 1 && depth < 1)) dispatch(readerScrolled({ depth: Math.round(d * 100) / 100 }));
    };
    window.addEventListener('scroll', onScroll, { passive: true });
    return () => window.removeEventListener('scroll', onScroll);
  }, [dispatch, depth]);

  if (!valid) return <ErrorBlock status="empty" title="链接无效" description="请向您的理财师重新索取链接" />;
  if (reader.status === 'failed') {
    return (
      <RetryBlock
        title="打开失败"
        description={reader.error ?? undefined}
        onRetry={() => void dispatch(readerOpened({ token }))}
      />
    );
  }
  const m = reader.material;
  if (!m)
    return (
      <main className="mk-page">
        <div className="mt-body" aria-busy="true" style={{ minHeight: 320 }} />
      </main>
    );
  return (
    <main className="mk-page" style={{ paddingBottom: 24 }}>
      <h1 className="mt-title">{m.title}</h1>
      <p className="mt-facts">
        <span>{m.review_no}</span>
      </p>
      <Disclosures lines={m.disclosures} />
      {m.html && <ArticleBody html={m.html} />}
      {m.image_url && <MaterialImage src={m.image_url} alt={m.title} fill />}
      {m.pdf_url && <PdfReader url={m.pdf_url} pages={m.pages} waiting="正在加载文档…" />}
      <Products products={m.products} />
      <section className="mk-section" aria-label="您的理财师">
        <h3>您的理财师</h3>
        <div className="mk-row">
          <div className="mk-row__main">
            <div>{m.adviser.name}</div>
            <div>从业资格编号 {m.adviser.qualification_no}</div>
          </div>
        </div>
      </section>
      <Disclosures lines={m.disclosures} />
    </main>
  );
}
