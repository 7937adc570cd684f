import { Link } from 'react-router-dom';

import { customerHref } from './card-href';
import { formatAge, PRIORITY_NAMES, reasonTitle, tierLine } from './format';

import type { CardItem } from '@/api/contract/market-map';

/** A customer card's head wherever it is listed: priority, the customer (opening their page), age, newest reason, tier. */
export function CardHead({ card, now }: { card: CardItem; now: number }) {
  const [first] = card.reasons;
  return (
    <>
      <div className="mk-card__top">
        <span className={`mk-pri mk-pri--${card.priority}`}>{PRIORITY_NAMES[card.priority]}</span>
        <Link className="mk-card__name" to={customerHref(card.customer.customer_id)}>
          {card.customer.display_name}
        </Link>
        <span className="mk-card__meta">{formatAge(card.updated_at, now)}</span>
      </div>
      {first && <p className="mk-today__headline">{reasonTitle(first, now)}</p>}
      <p className="mk-tier">{tierLine(card)}</p>
    </>
  );
}
