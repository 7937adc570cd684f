import { memo } from 'react';
import { Link } from 'react-router-dom';
import type { HomeLiveRow } from '../store/selectors';
import './LiveCard.css';

interface Props {
  row: HomeLiveRow;
  href: string;
  /** Told before the link navigates (own tracking of the tap). */
  onOpen?: (row: HomeLiveRow) => void;
  /** Subscribe / cancel tapped on an upcoming live; absent: no button. */
  onToggleSubscribe?: (row: HomeLiveRow) => void;
}

/** One live of the home list: cover with status tag, title, presenters, count (spec §2 Home). */
export const LiveCard = memo(function LiveCard({ row, href, onOpen, onToggleSubscribe }: Props) {
  const upcoming = row.tone === 'subscribed' || row.tone === 'unsubscribed';
  const withButton = upcoming && onToggleSubscribe !== undefined;
  return (
    <div className={`live-card-row${withButton ? ' live-card-row--sub' : ''}`}>
      <Link className="live-card" to={href} data-testid={`live-${row.id}`} data-status={row.tone} onClick={onOpen ? () => onOpen(row) : undefined}>
        <div className="live-card__cover">
          <img src={row.cover} alt="" loading="lazy" decoding="async" width={128} height={72} />
          <span className={`live-card__tag live-card__tag--${row.tone}`}>{row.tag}</span>
        </div>
        <div className="live-card__body">
          <h2 className="live-card__title">{row.title}</h2>
          {row.presenters && <p className="live-card__presenters">{row.presenters}</p>}
          <p className="live-card__meta">
            {row.startsAt && <span className="live-card__start">{row.startsAt}</span>}
            <span className="live-card__count">{row.count}</span>
          </p>
        </div>
      </Link>
      {withButton && (
        // A sibling of the link, not inside it (no button within <a>); stopPropagation keeps list gestures out of it.
        <button
          type="button"
          className={`live-card__sub live-card__sub--${row.tone}`}
          data-testid={`subscribe-${row.id}`}
          aria-pressed={row.tone === 'subscribed'}
          aria-busy={row.pending ? true : undefined}
          aria-label={`${row.tone === 'subscribed' ? '已预约，点击取消' : '预约'}：${row.title}`}
          onClick={(event) => {
            event.preventDefault();
            event.stopPropagation();
            onToggleSubscribe(row);
          }}
        >
          {/* The button is the 44 px tap area; the pill inside keeps the look and one size in both states. */}
          <span className="live-card__sub-pill">{row.tone === 'subscribed' ? '已预约' : '预约'}</span>
        </button>
      )}
    </div>
  );
});
