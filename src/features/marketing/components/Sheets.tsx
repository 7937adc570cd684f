import { type ReactNode, useState } from 'react';

import type { HandleDraft, HandleTarget } from '../store/types';
import { businessDate } from './format';

import type { HandleOption, IgnoreReason } from '@/api/contract/market-map';
import { IGNORE_REASON_NAMES, IGNORE_REASONS } from '@/api/contract/market-map-constants';

function Sheet({ title, onClose, children }: { title: string; onClose(): void; children: ReactNode }) {
  return (
    <div className="mk-sheet-mask" role="presentation" onClick={onClose}>
      <div className="mk-sheet" role="dialog" aria-modal="true" aria-label={title} onClick={(e) => e.stopPropagation()}>
        <h2>{title}</h2>
        {children}
      </div>
    </div>
  );
}

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
      <label id="mk-outcome">处理结果</label>
      <div className="mk-options" role="radiogroup" aria-labelledby="mk-outcome">
        {options.length === 0 && <span className="mk-empty">处理选项加载中…</span>}
        {options.map((o) => (
          <button
            key={o.value}
            type="button"
            role="radio"
            aria-checked={outcome === o.value}
            aria-pressed={outcome === o.value}
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
      <div className="mk-actions">
        <button type="button" onClick={onClose}>
          取消
        </button>
        <button
          type="button"
          className="mk-primary"
          disabled={!outcome}
          onClick={() =>
            outcome &&
            onSubmit({
              target,
              outcome,
              note: note.trim(),
              nextFollowUp: chosen && !chosen.closes && next ? next : null,
            })
          }
        >
          提交
        </button>
      </div>
    </Sheet>
  );
}

/** 暂缓: until a date, or earlier if the customer does something new (the server resurfaces it). */
export function SnoozeSheet({
  who,
  now,
  onSubmit,
  onClose,
}: {
  who: string;
  now: number;
  onSubmit(until: string): void;
  onClose(): void;
}) {
  const choices: Array<[string, number]> = [
    ['明天', 1],
    ['3 天后', 3],
    ['下周', 7],
  ];
  return (
    <Sheet title={`暂缓 · ${who}`} onClose={onClose}>
      <p className="mk-card__more">到期或客户有新动态时，商机会重新出现。</p>
      <div className="mk-options">
        {choices.map(([label, days]) => (
          <button key={days} type="button" className="mk-chip" onClick={() => onSubmit(businessDate(now, days))}>
            {label}（{businessDate(now, days).slice(5)}）
          </button>
        ))}
      </div>
      <div className="mk-actions">
        <button type="button" onClick={onClose}>
          取消
        </button>
      </div>
    </Sheet>
  );
}

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
            aria-pressed={reason === r}
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
      <div className="mk-actions">
        <button type="button" onClick={onClose}>
          取消
        </button>
        <button
          type="button"
          className="mk-primary"
          disabled={!reason || needsText}
          onClick={() => reason && onSubmit(reason, text.trim() || undefined)}
        >
          确认忽略
        </button>
      </div>
    </Sheet>
  );
}
