import { Link, useNavigate } from 'react-router-dom';

import { getHref } from '@/routes';

/**
 * The way out of the qualified-investor gate: back where the visitor came from
 * (or the live list on a fresh tab), and what they can watch instead. `onDecline` puts the exit on record.
 */
export function NotQualifiedWayOut({ onDecline }: { onDecline?: () => void } = {}) {
  const navigate = useNavigate();
  const back = () => {
    onDecline?.();
    // A fresh tab has no page of ours to go back to: the list instead.
    const idx = (globalThis.history?.state as { idx?: number } | null)?.idx ?? 0;
    if (idx > 0) void navigate(-1);
    else void navigate(getHref('home'), { replace: true });
  };
  return (
    <div className="live-gate__out">
      <button type="button" className="live-gate__back" onClick={back} data-testid="auth-decline">
        我不符合
      </button>
      <p>
        您可以观看面向所有投资者的
        <Link to={getHref('mutualFund')}>公募基金专区</Link>和<Link to={getHref('home')}>全部直播</Link>。
      </p>
    </div>
  );
}
