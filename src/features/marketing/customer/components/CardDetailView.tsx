import { useEffect, useMemo } from 'react';
import { Link, useSearchParams } from 'react-router-dom';

import { CardActions } from './CardActions';
import { CardContext, type CardVariant } from './CardContext';
import { CustomerHeader } from './CustomerHeader';
import { Evidence } from './Evidence';
import { WhyCard } from './WhyCard';

import '../../shared/components/marketing.css';
import './customer.css';

import { CHANCE_CATEGORY_NAMES } from '@/api/contract/market-map-constants';
import { useDetail } from '@/features/marketing/details';
import { SuitableMaterials } from '@/features/marketing/materials';
import { NextProduct } from '@/features/marketing/radar';
import { RecentContacts } from '@/features/marketing/reach';
import {
  BadLink,
  customerHref,
  formatTime,
  idParam,
  LoadState,
  moneyFlowTitle,
  PRIORITY_NAMES,
  tierLine,
  useNow,
} from '@/features/marketing/shared';
import { cardOpened } from '@/features/marketing/workbench';
import { routes } from '@/routes';
import { useAppDispatch, useRefresh } from '@/store';
import { PullRefresh } from '@/ui/PullRefresh';

/** One chance card in full (oppDetail, fundInDetail, touguFundDetail, purposeDetail, PerspectiveDetail): evidence, why, context, action, materials. */
export function CardDetailView({ variant }: { variant: CardVariant }) {
  const [params] = useSearchParams();
  const cardId = idParam(params.get('card_id'));
  const dispatch = useAppDispatch();
  const d = useDetail('chanceDetail', cardId ? { card_id: cardId } : null);
  const now = useNow(d.data);
  const card = d.data && d.data.card_id === cardId ? d.data : null;
  const isNew = card?.state === 'new';
  useEffect(() => {
    // Opening the card is looking at it: new → viewed (the workbench marks it the same way on tap).
    if (isNew && cardId) dispatch(cardOpened({ cardId }));
  }, [dispatch, isNew, cardId]);
  const productIds = useMemo(
    () => [...new Set((card?.reasons ?? []).flatMap((r) => (r.product ? [r.product.product_id] : [])))],
    [card],
  );
  const title = variant === 'fundIn' && card ? moneyFlowTitle(card) : null;
  useEffect(() => {
    // The route's title is fixed; the money's direction is known only once the card is here.
    if (title) document.title = title;
  }, [title]);
  const onRefresh = useRefresh(d.reload, (state) => [d.part(state)]);

  if (!cardId) return <BadLink what="商机" />;
  if (!card && d.status === 'failed' && d.error?.httpStatus === 404) return <BadLink what="商机" notFound />;
  const body = card ? (
    <>
      <CustomerHeader customer={card.customer} now={now} link />
      <section className="mk-section" aria-label="商机">
        <div className="mk-card__top" style={{ minHeight: 44 }}>
          <span className={`mk-pri mk-pri--${card.priority}`}>{PRIORITY_NAMES[card.priority]}</span>
          <strong>{CHANCE_CATEGORY_NAMES[card.category_id]}</strong>
          <span className="mk-card__meta">更新于 {formatTime(card.updated_at, now)}</span>
        </div>
        <p className="mk-tier">{tierLine(card)}</p>
        {variant === 'fundIn' && (
          <Link className="cu-link" to={routes.touguFundDetail.getHref(undefined, { card_id: card.card_id })}>
            投顾组合视角 <span aria-hidden>›</span>
          </Link>
        )}
      </section>
      <Evidence reasons={card.reasons} now={now} />
      <WhyCard score={card.score} parts={card.score_parts} />
      <CardContext card={card} variant={variant} now={now} />
      <CardActions card={card} now={now} advisory={variant === 'tougu'} />
      <RecentContacts target={{ card_id: card.card_id }} now={now} />
      <NextProduct cardId={card.card_id} />
      <SuitableMaterials customerId={card.customer.customer_id} productIds={productIds} />
      <section className="mk-section">
        <Link className="cu-link" to={customerHref(card.customer.customer_id)}>
          查看客户名片 <span aria-hidden>›</span>
        </Link>
      </section>
    </>
  ) : (
    <LoadState status={d.status} error={d.error} label="商机" onRetry={d.reload} rows={3} />
  );
  return (
    <main className="mk-page" data-testid="card-detail" data-variant={variant} data-title={title ?? undefined}>
      <PullRefresh onRefresh={onRefresh}>{body}</PullRefresh>
    </main>
  );
}
