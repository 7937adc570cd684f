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
