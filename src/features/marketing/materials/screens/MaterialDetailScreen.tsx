import { useEffect, useMemo, useState } from 'react';

import { MaterialContent } from '../components/MaterialContent';
import { MaterialSendBar } from '../components/MaterialSendBar';
import { RecipientPicker } from '../components/RecipientPicker';
import { blockedReason } from '../components/RecipientRow';
import { SendResult } from '../components/SendResult';
import { useAddressedMaterial } from '../components/use-addressed-material';
import { forwardDismissed, forwardRequested, selectSend } from '../store/materials-slice';

import '../../shared/components/marketing.css';
import '../components/materials.css';

import { MATERIAL_KIND_NAMES, type Recipient } from '@/api/contract/market-map-materials';
import { idParam, ListSkeleton } from '@/features/marketing/shared';
import { useAppDispatch, useAppSelector } from '@/store';
import { HoldNotice } from '@/ui/HoldNotice';

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
  const onSend = (customerIds = sendable) =>
    dispatch(
      forwardRequested({
        fileId: m.material_id,
        customerIds,
        channel: customerIds.length > 1 ? 'wecom_group' : 'wecom_chat',
        title: m.title,
        desc: m.summary || MATERIAL_KIND_NAMES[m.kind],
        imgUrl: m.image_url ?? '',
      }),
    );

  return (
    <main className="mk-page" style={{ paddingBottom: 120 }}>
      <MaterialContent m={m} />
      {m.hold ? (
        // Held by the content policy: the server refuses to send it too; the reason is shown before any tick.
        <HoldNotice hold={m.hold} />
      ) : m.expired ? (
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
        <SendResult send={send} onClose={() => dispatch(forwardDismissed())} onRetry={onSend} />
      )}
      {!m.expired && !m.hold && <MaterialSendBar count={sendable.length} busy={busy} onSend={() => onSend()} />}
    </main>
  );
}
