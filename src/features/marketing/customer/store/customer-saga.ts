import type { Action } from '@reduxjs/toolkit';
import { all, call, put, select, takeEvery, takeLeading } from 'redux-saga/effects';

import type { CustomerChance } from '@/api/contract/market-map';
import { detailKey, detailRequested, type DetailsState, selectDetails } from '@/features/marketing/details';
import {
  cardStateChanged,
  clueSubmitSucceeded,
  loadOptions,
  selectHandleOptions,
} from '@/features/marketing/workbench';

/** A card detail opened straight from a link (not via the workbench) still needs the handling outcomes for its sheet. */
export function* ensureHandleOptions() {
  const options: { status: string } = yield select(selectHandleOptions);
  if (options.status !== 'loaded') yield call(loadOptions);
}

/**
 * A card or clue changed (handled, snoozed, ignored, submitted from the outbox): the card's detail
 * and any customer card showing it are loaded again, so the screens show the new state and follow-up.
 */
export function* refreshCardViews(
  action: ReturnType<typeof cardStateChanged> | ReturnType<typeof clueSubmitSucceeded>,
) {
  const cardId = cardStateChanged.match(action) ? action.payload.cardId : action.payload.result.card_id;
  const clueId = cardStateChanged.match(action) ? null : action.payload.result.clue_id;
  const { entries }: DetailsState = yield select(selectDetails);
  if (cardId !== null) {
    const key = detailKey('chanceDetail', { card_id: cardId });
    if (entries[key] && entries[key].status !== 'loading')
      yield put(detailRequested({ key, kind: 'chanceDetail', params: { card_id: cardId }, mode: 'refresh' }));
  }
  for (const [key, entry] of Object.entries(entries)) {
    if (!key.startsWith('customerChance:') || entry.status === 'loading') continue;
    const data = entry.data as CustomerChance | null;
    const shows =
      (cardId !== null && data?.card?.card_id === cardId) ||
      (clueId !== null && data?.clues.some((c) => c.clue_id === clueId));
    if (data && shows)
      yield put(
        detailRequested({
          key,
          kind: 'customerChance',
          params: { customer_id: data.customer.customer_id },
          mode: 'refresh',
        }),
      );
  }
}

const isChanceDetailRequest = (a: Action) => detailRequested.match(a) && a.payload.kind === 'chanceDetail';

export function* customerWatchers() {
  yield all([
    takeLeading(isChanceDetailRequest, ensureHandleOptions),
    takeEvery([cardStateChanged.type, clueSubmitSucceeded.type], refreshCardViews),
  ]);
}
