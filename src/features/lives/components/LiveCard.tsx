import { memo } from 'react';
import { Link } from 'react-router-dom';
import type { HomeLiveRow } from '../store/selectors';
import './LiveCard.css';

interface Props {
  row: HomeLiveRow;
  href: string;
}

/** One live of the home list: cover with status tag, title, presenters, count (spec §2 Home). */
export const LiveCard = memo(function LiveCard({ row, href }: Props) {
  return (
    <Link className="live-card" to={href} data-testid={`live-${row.id}`} data-status={row.tone}>
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
  );
});
