import { memo } from 'react';
import { Link } from 'react-router-dom';

import { selectCardBusy, selectCardById } from '../store/workbench-selectors';
import { cardOpened } from '../store/workbench-slice';
import { type CardSheet, CardSheetButtons, ReasonList } from './CardParts';
import { FollowUp } from './FollowUp';

import type { CardItem } from '@/api/contract/market-map';
import { ReachActions } from '@/features/marketing/reach';
import {
  CARD_STATE_NAMES,
  cardDetailHref,
  customerHref,
  formatAge,
  PRIORITY_NAMES,
  RiskLevelTag,
  tierLine,
} from '@/features/marketing/shared';
import { useAppDispatch, useAppSelector } from '@/store';

interface Props {
  cardId: number;
  now: number;
  pending: boolean;
  onAction(card: CardItem, sheet: CardSheet): void;
}

/** One chance card: masked customer, priority, age, stacked reasons (newest first) and the one-tap actions. */
export const CardRow = memo(function CardRow({ cardId, now, pending, onAction }: Props) {
  const dispatch = useAppDispatch();
  const card = useAppSelector((s) => selectCardById(s, cardId));
  const busy = useAppSelector((s) => selectCardBusy(s, cardId));
  if (!card) return null;
  const { customer } = card;
  const href = cardDetailHref(card);
  return (
    <article className="mk-card" data-card-id={card.card_id} data-state={card.state} data-group={card.group}>
      <div className="mk-card__top">
        <span className={`mk-pri mk-pri--${card.priority}`} title={tierLine(card)}>
          {PRIORITY_NAMES[card.priority]}
        </span>
        <Link className="mk-card__name" to={customerHref(customer.customer_id)}>
          {customer.display_name}
        </Link>
        <RiskLevelTag customer={customer} />
        {card.state !== 'new' && <span className="mk-tag mk-tag--state">{CARD_STATE_NAMES[card.state]}</span>}
        {pending && <span className="mk-tag mk-tag--pending">待发送</span>}
        <span className="mk-card__meta">{formatAge(card.updated_at, now)}</span>
      </div>
      <Link className="mk-card__body" to={href} onClick={() => dispatch(cardOpened({ cardId: card.card_id }))}>
        <ReasonList reasons={card.reasons.slice(0, 3)} now={now} />
        {card.reason_count > 3 && <div className="mk-card__more">还有 {card.reason_count - 3} 条动态</div>}
        {card.next_follow_up && <FollowUp date={card.next_follow_up} now={now} />}
      </Link>
      <CardSheetButtons busy={busy} onChoose={(sheet) => onAction(card, sheet)} />
      <ReachActions
        target={{ card_id: card.card_id }}
        customerId={customer.customer_id}
        productIds={card.reasons.flatMap((r) => (r.product ? [r.product.product_id] : []))}
      />
    </article>
  );
});
