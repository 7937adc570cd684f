import { Link } from 'react-router-dom';

import type { CardItem } from '@/api/contract/market-map';
import type { ProductCardItem } from '@/api/contract/market-map-today';
import { ReachActions } from '@/features/marketing/reach';
import { cardDetailHref, CardHead, formatAge, PRIORITY_NAMES, tierLine } from '@/features/marketing/shared';
import { routes } from '@/routes';

/** A product event that reached many of my holders: one card, its headline, opening the holders. */
export function ProductCardRow({ card, now }: { card: ProductCardItem; now: number }) {
  return (
    <article className="mk-card mk-card--product" data-product-card-id={card.product_card_id} data-group={card.group}>
      <div className="mk-card__top">
        <span className={`mk-pri mk-pri--${card.priority}`}>{PRIORITY_NAMES[card.priority]}</span>
        <span className="mk-tag">产品卡</span>
        <span className="mk-card__meta">{formatAge(card.updated_at, now)}</span>
      </div>
      <p className="mk-today__headline">{card.headline}</p>
      <p className="mk-tier">{tierLine(card)}</p>
      <Link
        className="mk-today__open"
        to={routes.productHolders.getHref(undefined, { product_card_id: card.product_card_id })}
      >
        查看 {card.holders} 位持有客户
      </Link>
    </article>
  );
}

/** A customer's card on 今日: who, why (the newest reason), and the way into the card. */
export function TodayCardRow({ card, now }: { card: CardItem; now: number }) {
  return (
    <article className="mk-card" data-card-id={card.card_id} data-group={card.group}>
      <CardHead card={card} now={now} />
      {card.reason_count > 1 && <p className="mk-today__more">另有 {card.reason_count - 1} 条动态</p>}
      <Link className="mk-today__open" to={cardDetailHref(card)}>
        查看商机
      </Link>
      <ReachActions
        target={{ card_id: card.card_id }}
        customerId={card.customer.customer_id}
        productIds={card.reasons.flatMap((r) => (r.product ? [r.product.product_id] : []))}
      />
    </article>
  );
}
