import type { CardItem } from '@/api/contract/market-map';
import { routes } from '@/routes';

/** The detail screen for a card's family: money flow → fundInDetail, behaviour → PerspectiveDetail, intent → purposeDetail, else oppDetail. */
export function cardDetailHref(card: Pick<CardItem, 'card_id' | 'group'>): string {
  const q = { card_id: card.card_id };
  switch (card.group) {
    case 'money_flow':
      return routes.fundInDetail.getHref(undefined, q);
    case 'behaviour_insight':
      return routes.perspectiveDetail.getHref(undefined, q);
    case 'intent_matching':
      return routes.purposeDetail.getHref(undefined, q);
    default:
      return routes.oppDetail.getHref(undefined, q);
  }
}

/** A customer's page (客户详情). */
export function customerHref(customerId: number): string {
  return routes.personDetail.getHref(undefined, { customer_id: customerId });
}
