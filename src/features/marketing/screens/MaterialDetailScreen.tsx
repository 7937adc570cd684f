import { useEffect, useMemo, useState } from 'react';
import { Link } from 'react-router-dom';

import { idParam } from '../components/customer/labels';
import { ArticleBody, Disclosures, Products, validityText } from '../components/materials/parts';
import { RecipientPicker } from '../components/materials/RecipientPicker';
import { blockedReason } from '../components/materials/RecipientRow';
import { SendResult } from '../components/materials/SendResult';
import { useAddressedMaterial } from '../components/materials/use-addressed-material';
import { ListSkeleton } from '../components/Toast';
import { forwardDismissed, forwardRequested, selectSend } from '../store/materials-slice';

import '../components/marketing.css';
import '../components/materials/materials.css';

import { MATERIAL_KIND_NAMES, type Recipient } from '@/api/contract/market-map-materials';
import { routes } from '@/routes';
import { useAppDispatch, useAppSelector } from '@/store';

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
  // Only customers the verdict allows are sent: a tick left from before a refresh that now blocks is dropped.
  const sendable = useMemo(
    () =>
      [...picked.values()]
        .filter((r) => !blockedReason(r))
        .map((r) => r.customer.customer_id)
        .sort((a, b) => a - b),
    [picked],
  );

  if (instead) return instead;
  if (!m)
    return (
      <main className="mk-page">
        <ListSkeleton label="正在加载素材" />
      </main>
    );

  const toggle = (r: Recipient) =>
    setPicked((prev) => {
      const next = new Map(prev);
      if (next.has(r.customer.customer_id)) next.delete(r.customer.customer_id);
      else next.set(r.customer.customer_id, r);
      return next;
    });
  const busy = send.status === 'sending' || send.status === 'sharing';
  const onSend = () =>
    dispatch(
      forwardRequested({
        fileId: m.material_id,
        customerIds: sendable,
        channel: sendable.length > 1 ? 'wecom_group' : 'wecom_chat',
        title: m.title,
        desc: m.summary || MATERIAL_KIND_NAMES[m.kind],
        imgUrl: m.image_url ?? '',
      }),
    );

  return (
    <main className="mk-page" style={{ paddingBottom: 120 }}>
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
          <img
            className="mt-image"
            src={m.image_url}
            alt={m.title}
            width={640}
            height={360}
            style={{ aspectRatio: '16 / 9', height: 'auto' }}
          />
        </Link>
      )}
      {!m.review_no && m.products.length > 0 && (
        <p className="mk-banner" role="note">
          该文章提及产品，已自动关联；取得合规审核编号后才能发送给客户。
        </p>
      )}
      <Products products={m.products} />
      <Disclosures lines={m.disclosures} />
      {m.expired ? (
        <p className="mt-disclose">该素材已超过合规有效期，不能发送给客户。</p>
      ) : (
        <RecipientPicker
          fileId={m.material_id}
          only={only}
          selected={new Set(picked.keys())}
          onToggle={toggle}
          onShowAll={() => setOnly(undefined)}
          sentKey={sentKey}
        />
      )}
      {send.fileId === m.material_id && send.status !== 'idle' && (
        <SendResult send={send} onClose={() => dispatch(forwardDismissed())} />
      )}
      {!m.expired && (
        <div className="mt-send">
          <span>
            {sendable.length ? (
              `已选 ${sendable.length} 位`
            ) : (
              <button
                type="button"
                className="mt-link"
                onClick={() => document.getElementById('recipients')?.scrollIntoView({ behavior: 'smooth' })}
              >
                选择客户 ↓
              </button>
            )}
          </span>
          <button type="button" disabled={!sendable.length || busy} onClick={onSend}>
            {busy ? '发送中…' : '发送'}
          </button>
        </div>
      )}
    </main>
  );
}
