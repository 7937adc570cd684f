import { useState } from 'react';

import type { IgnoreReason } from '@/api/contract/market-map';
import { IGNORE_REASON_NAMES, IGNORE_REASONS } from '@/api/contract/market-map-constants';
import { Sheet, SheetActions } from '@/features/marketing/shared';

/** 忽略 with a reason (其他 needs a few words); useless ones teach the order. */
export function IgnoreSheet({
  who,
  onSubmit,
  onClose,
}: {
  who: string;
  onSubmit(reason: IgnoreReason, text?: string): void;
  onClose(): void;
}) {
  const [reason, setReason] = useState<IgnoreReason | null>(null);
  const [text, setText] = useState('');
  const needsText = reason === 'other' && text.trim() === '';
  return (
    <Sheet title={`忽略 · ${who}`} onClose={onClose}>
      <div className="mk-options" role="radiogroup" aria-label="忽略原因">
        {IGNORE_REASONS.map((r) => (
          <button
            key={r}
            type="button"
            role="radio"
            aria-checked={reason === r}
            className="mk-chip"
            onClick={() => setReason(r)}
          >
            {IGNORE_REASON_NAMES[r]}
          </button>
        ))}
      </div>
      {reason === 'other' && (
        <>
          <label htmlFor="mk-ignore-text">说明</label>
          <input
            id="mk-ignore-text"
            type="text"
            maxLength={200}
            value={text}
            onChange={(e) => setText(e.target.value)}
            placeholder="请简单说明原因"
          />
        </>
      )}
      <SheetActions
        label="确认忽略"
        disabled={!reason || needsText}
        onClose={onClose}
        onConfirm={() => reason && onSubmit(reason, text.trim() || undefined)}
      />
    </Sheet>
  );
}
