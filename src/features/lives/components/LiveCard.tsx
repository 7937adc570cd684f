import { memo } from 'react';
import { Link } from 'react-router-dom';

import { CoverImage } from '../../../ui/CoverImage';
import type { HomeLiveRow } from '../store/selectors';

import './LiveCard.css';

interface Props {
  row: HomeLiveRow;
  href: string;
  /** Told before the link navigates (own tracking of the tap). */
  onOpen?: (row: HomeLiveRow) => void;
  /** Subscribe / cancel tapped on an upcoming live; absent: no button. */
  onToggleSubscribe?: (row: HomeLiveRow) => void;
  /** On the first screen: its cover loads at once; covers below the fold load as they come near. */
  eager?: boolean;
}

/** One live of the home list: cover with status tag, title, presenters, count (docs/rules/routes-and-screens.md#home). */
export const LiveCard = memo(function LiveCard({ row, href, onOpen, onToggleSubscribe, eager = false }: Props) {
  // 'upcoming': the viewer's own subscription is not known yet (a public server render); the button keeps its place,
  // waiting, so nothing moves when it is.
  const upcoming = row.tone === 'subscribed' || row.tone === 'unsubscribed' || row.tone === 'upcoming';
  const waiting = row.tone === 'upcoming';
  const withButton = upcoming && onToggleSubscribe !== undefined;
  return (
    <div className={`live-card-row${withButton ? ' live-card-row--sub' : ''}`}>
      <Link
        className="live-card"
        to={href}
        data-testid={`live-${row.id}`}
        data-status={row.tone}
        onClick={onOpen ? () => onOpen(row) : undefined}
      >
        <div className="live-card__cover">
          <CoverImage
            src={row.cover}
            sizes="(max-width: 299px) calc(100vw - 32px), 128px"
            loading={eager ? 'eager' : 'lazy'}
            fetchPriority={eager ? 'high' : undefined}
            decoding="async"
            width={128}
            height={72}
          />
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
          aria-busy={row.pending || waiting ? true : undefined}
          disabled={waiting}
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
