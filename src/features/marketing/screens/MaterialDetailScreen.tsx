import { useEffect, useMemo, useState } from 'react';
import { Link } from 'react-router-dom';
import { routes } from '@/routes';
import { useAppDispatch, useAppSelector } from '@/store';
import { MATERIAL_KIND_NAMES, type Recipient } from '@/api/contract/marketMap-materials';
import { idParam } from '../components/customer/labels';
import { useAddressedMaterial } from '../components/materials/useAddressedMaterial';
import { ListSkeleton } from '../components/Toast';
import { ArticleBody, Disclosures, Products, validityText } from '../components/materials/parts';
import { RecipientPicker } from '../components/materials/RecipientPicker';
import { SendResult } from '../components/materials/SendResult';
import { forwardDismissed, forwardRequested, selectSend } from '../store/materialsSlice';
import '../components/marketing.css';
import '../components/materials/materials.css';

/** 素材详情: read it, see its products and compliance, pick customers (verdict and budget first), send. */
export default function MaterialDetailScreen() {
  const { query, id: materialId, detail, instead } = useAddressedMaterial('素材');
  const preselected = idParam(query.get('customer_id'));
  const [only, setOnly] = useState<number | undefined>(preselected ?? undefined);
  const [picked, setPicked] = useState<ReadonlyMap<number, Recipient>>(new Map());
  const send = useAppSelector(selectSend);
  const dispatch = useAppDispatch();
  const m = detail.data;
  const sentKey = send.status === 'sent' && send.fileId === materialId ? send.key : null;
  useEffect(() => {
    // A finished send: the ticks go (a second tap would only meet the spent budget).
    if (sentKey) setPicked(new Map());
  }, [sentKey]);
  const unsuitable = useMemo(() => [...picked.values()].filter((r) => !r.suitability.ok || r.budget.remaining === 0).length, [picked]);

  if (instead) return instead;
  if (!m) return <main className="mk-page"><ListSkeleton label="正在加载素材" /></main>;

  const toggle = (r: Recipient) =>
    setPicked((prev) => {
      const next = new Map(prev);
      if (next.has(r.customer.customer_id)) next.delete(r.customer.customer_id);
      else next.set(r.customer.customer_id, r);
      return next;
    });
  const busy = send.status === 'sending' || send.status === 'sharing';
  const onSend = () =>
    dispatch(forwardRequested({
      fileId: m.material_id, customerIds: [...picked.keys()].sort((a, b) => a - b), channel: picked.size > 1 ? 'wecom_group' : 'wecom_chat',
      title: m.title, desc: m.summary || MATERIAL_KIND_NAMES[m.kind], imgUrl: m.image_url ?? '',
    }));

  return (
    <main className="mk-page" style={{ paddingBottom: 120 }}>
      <h1 className="mt-title">{m.title}</h1>
      <p className="mt-facts">
        <span>{MATERIAL_KIND_NAMES[m.kind]} · {m.project}</span>
        <span>{m.review_no}</span>
        <span>有效期 {validityText(m.valid_from, m.valid_until, m.expired)}</span>
      </p>
      {m.kind === 'article' && m.html && <ArticleBody html={m.html} />}
      {m.kind === 'pdf' && (
        <section className="mk-section">
          <Link className="mk-row" to={routes.pdf.getHref(undefined, { material_id: m.material_id })}>
            <div className="mk-row__main"><div>阅读文档</div><div>共 {m.pages} 页 · 逐页加载</div></div>
            <span aria-hidden>›</span>
          </Link>
        </section>
      )}
      {(m.kind === 'image' || m.kind === 'poster') && m.image_url && (
        <Link to={routes.productImagePdf.getHref(undefined, { material_id: m.material_id })}>
          <img className="mt-image" src={m.image_url} alt={m.title} width={640} height={360} style={{ aspectRatio: '16 / 9', height: 'auto' }} />
        </Link>
      )}
      <Products products={m.products} />
      <Disclosures lines={m.disclosures} />
      {m.expired ? (
        <p className="mt-disclose">该素材已超过合规有效期，不能发送给客户。</p>
      ) : (
        <RecipientPicker fileId={m.material_id} only={only} selected={new Set(picked.keys())} onToggle={toggle} onShowAll={() => setOnly(undefined)} sentKey={sentKey} />
      )}
      {send.fileId === m.material_id && send.status !== 'idle' && <SendResult send={send} onClose={() => dispatch(forwardDismissed())} />}
      {!m.expired && (
        <div className="mt-send">
          <span>
            {picked.size ? `已选 ${picked.size} 位${unsuitable ? `，${unsuitable} 位不适合将被排除` : ''}` : (
              <button type="button" className="mt-link" onClick={() => document.getElementById('recipients')?.scrollIntoView({ behavior: 'smooth' })}>选择客户 ↓</button>
            )}
          </span>
          <button type="button" disabled={!picked.size || busy} onClick={onSend}>{busy ? '发送中…' : '发送'}</button>
        </div>
      )}
    </main>
  );
}
