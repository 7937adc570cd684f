import { useState } from 'react';

import type { HandleDraft, HandleTarget } from '../store/workbench-types';

import { businessDate } from '@/api/contract/dates';
import type { HandleOption } from '@/api/contract/market-map';
import { Sheet, SheetActions } from '@/features/marketing/shared';

/** 处理: outcome, note and the next follow-up date; the submit goes through the outbox (works offline). */
export function HandleSheet(props: {
  target: HandleTarget;
  who: string;
  options: HandleOption[];
  now: number;
  onSubmit(d: HandleDraft): void;
  onClose(): void;
}) {
  const { target, who, options, now, onSubmit, onClose } = props;
  const [outcome, setOutcome] = useState<HandleOption['value'] | null>(null);
  const [note, setNote] = useState('');
  const [next, setNext] = useState(businessDate(now, 3));
  const chosen = options.find((o) => o.value === outcome);
  return (
    <Sheet title={`处理 · ${who}`} onClose={onClose}>
      <span className="mk-label" id="mk-outcome">
        处理结果
      </span>
      <div className="mk-options" role="radiogroup" aria-labelledby="mk-outcome">
        {options.length === 0 && <span className="mk-empty">处理选项加载中…</span>}
        {options.map((o) => (
          <button
            key={o.value}
            type="button"
            role="radio"
            aria-checked={outcome === o.value}
            className="mk-chip"
            onClick={() => setOutcome(o.value)}
          >
            {o.label}
          </button>
        ))}
      </div>
      <label htmlFor="mk-note">跟进记录</label>
      <textarea
        id="mk-note"
        rows={3}
        maxLength={500}
        value={note}
        placeholder="如：已电话沟通，客户关注稳健型产品"
        onChange={(e) => setNote(e.target.value)}
      />
      {chosen && !chosen.closes && (
        <>
          <label htmlFor="mk-next">下次跟进日期</label>
          <input
            id="mk-next"
            type="date"
            value={next}
            min={businessDate(now)}
            onChange={(e) => setNext(e.target.value)}
          />
        </>
      )}
      <SheetActions
        label="提交"
        disabled={!outcome}
        onClose={onClose}
        onConfirm={() =>
          outcome &&
          onSubmit({
            target,
            outcome,
            note: note.trim(),
            nextFollowUp: chosen && !chosen.closes && next ? next : null,
          })
        }
      />
    </Sheet>
  );
}
