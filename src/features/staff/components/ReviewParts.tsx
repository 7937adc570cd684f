import { useState } from 'react';

import { selectSubmit } from '../store/selectors';

import { type RootState, useAppSelector } from '@/store';

/** The four-eyes rule, visible: what this reviewer may not decide says so and why, and its buttons stay off. */
export function Blocked({ reason }: { reason: string | null | undefined }) {
  if (!reason) return null;
  return (
    <p className="st-blocked" role="note" data-four-eyes>
      <strong>需他人审核</strong>
      {reason}
    </p>
  );
}

export function Outcome({ pendingKey }: { pendingKey: string }) {
  const pending = useAppSelector((s: RootState) => selectSubmit(s, pendingKey));
  if (pending?.status !== 'failed') return null;
  return (
    <p className="st-error" role="alert">
      {pending.error}
    </p>
  );
}

/**
 * One review item's state: the reason being typed, whether the four-eyes rule blocks this reviewer, and whether
 * its decision (under `pendingKey`) is on its way.
 */
export function useReviewItem(pendingKey: string, fourEyes: string | null | undefined) {
  const pending = useAppSelector((s: RootState) => selectSubmit(s, pendingKey));
  const [reason, setReason] = useState('');
  return { reason, setReason, blocked: Boolean(fourEyes), busy: pending?.status === 'submitting' };
}

/** The reviewer's reason (a line, or several with `multiline`), under its label. */
export function ReasonField({
  id,
  label,
  value,
  setValue,
  placeholder,
  disabled,
  maxLength = 200,
  multiline,
}: {
  id: string;
  label: string;
  value: string;
  setValue(value: string): void;
  placeholder: string;
  disabled?: boolean;
  maxLength?: number;
  multiline?: boolean;
}) {
  const field = { id, maxLength, value, disabled, placeholder };
  return (
    <>
      <label className="st-label" htmlFor={id}>
        {label}
      </label>
      {multiline ? (
        <textarea className="st-textarea" {...field} onChange={(e) => setValue(e.target.value)} />
      ) : (
        <input className="st-input" {...field} onChange={(e) => setValue(e.target.value)} />
      )}
    </>
  );
}

/** Approve, or send back with the (required) reason: both off while blocked or on the way. */
export function DecisionButtons({
  off,
  reason,
  approve,
  onApprove,
  reject,
  onReject,
}: {
  off: boolean;
  reason: string;
  approve: string;
  onApprove(): void;
  reject: string;
  onReject(reason: string): void;
}) {
  return (
    <div className="st-row">
      <button type="button" className="ui-btn" disabled={off} onClick={onApprove}>
        {approve}
      </button>
      <button
        type="button"
        className="ui-btn ui-btn--ghost"
        disabled={off || !reason.trim()}
        onClick={() => onReject(reason.trim())}
      >
        {reject}
      </button>
    </div>
  );
}
