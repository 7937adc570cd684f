import type { Action } from '@reduxjs/toolkit';
import { expectSaga } from 'redux-saga-test-plan';
import * as matchers from 'redux-saga-test-plan/matchers';

import { silentRunVirtually } from '../../../../lib/testing/virtual-time';
import { card, NOW } from '../../shared/__tests__/fixtures';
import { customerWatchers } from '../store/customer-saga';

import type { ClueHandleResult, CustomerChance } from '@/api/contract/market-map';
import { detailKey, detailLoaded, detailRequested } from '@/features/marketing/details';
import {
  cardStateChanged,
  clueSubmitSucceeded,
  handleOptionsLoaded,
  loadOptions,
} from '@/features/marketing/workbench';
import { rootReducer, type RootState } from '@/store';

/** A store where these keyed things are loaded (the way the details saga would have left them). */
function loaded(things: Array<[string, Record<string, number>, unknown]>, extra: Action[] = []): RootState {
  let state = rootReducer(undefined, { type: '@@init' });
  for (const [kind, params, data] of things) {
    const key = detailKey(kind, params);
    state = rootReducer(state, detailRequested({ key, kind, params, mode: 'first' }));
    state = rootReducer(state, detailLoaded({ key, requestId: 1, data }));
  }
  for (const a of extra) state = rootReducer(state, a);
  return state;
}

const chance = (customerId: number, cardId: number | null, clueIds: number[] = []): CustomerChance => {
  const c = card({ card_id: cardId ?? 999 });
  return {
    customer: { ...c.customer, customer_id: customerId },
    card: cardId === null ? null : c,
    clues: clueIds.map((clue_id) => ({
      clue_id,
      priority: 'cold',
      customer: null,
      display_name: '李*',
      phone_masked: '139****0001',
      source: 'manual',
      title: '网点到访登记',
      state: 'new',
      created_at: 1,
      next_follow_up: null,
      last_outcome: null,
    })),
  };
};
const refresh = (kind: string, params: Record<string, number>) =>
  detailRequested({ key: detailKey(kind, params), kind, params, mode: 'refresh' });
const noOptionsCall: [matchers.Matcher, unknown] = [matchers.call.fn(loadOptions), undefined];

describe('customer card saga', () => {
  it("a card action reloads that card's detail and the customer card showing it, nothing else", async () => {
    const state = loaded([
      ['chanceDetail', { card_id: 7 }, card({ card_id: 7 })],
      ['customerChance', { customer_id: 3 }, chance(3, 7)],
      ['customerChance', { customer_id: 4 }, chance(4, 8)],
    ]);
    await silentRunVirtually(
      expectSaga(customerWatchers)
        .withReducer(rootReducer, state)
        .provide([noOptionsCall])
        .put(refresh('chanceDetail', { card_id: 7 }))
        .put(refresh('customerChance', { customer_id: 3 }))
        .not.put(refresh('customerChance', { customer_id: 4 }))
        .dispatch(
          cardStateChanged({ cardId: 7, state: 'snoozed', snoozeUntil: '2026-12-01', notice: '已暂缓', at: NOW }),
        ),
      50,
    );
  });

  it('a handling confirmed for a clue reloads the customer card listing that clue', async () => {
    const state = loaded([
      ['customerChance', { customer_id: 5 }, chance(5, null, [21])],
      ['customerChance', { customer_id: 6 }, chance(6, null, [22])],
    ]);
    const result: ClueHandleResult = {
      handle_id: 1,
      card_id: null,
      clue_id: 21,
      outcome: 'follow_up',
      state: 'handling',
      created_at: 1,
      next_follow_up: '2026-12-01',
      duplicate: false,
    };
    await silentRunVirtually(
      expectSaga(customerWatchers)
        .withReducer(rootReducer, state)
        .provide([noOptionsCall])
        .put(refresh('customerChance', { customer_id: 5 }))
        .not.put(refresh('customerChance', { customer_id: 6 }))
        .dispatch(clueSubmitSucceeded({ key: 'k-1', result, at: NOW })),
      50,
    );
  });

  it('nothing shown for the card: nothing is loaded again', async () => {
    await silentRunVirtually(
      expectSaga(customerWatchers)
        .withReducer(rootReducer, loaded([]))
        .provide([noOptionsCall])
        .not.put.actionType(detailRequested.type)
        .dispatch(cardStateChanged({ cardId: 7, state: 'ignored', notice: '', at: NOW })),
      50,
    );
  });

  it('a card detail loads the handling outcomes once when the workbench has not', async () => {
    const ask = detailRequested({
      key: detailKey('chanceDetail', { card_id: 7 }),
      kind: 'chanceDetail',
      params: { card_id: 7 },
      mode: 'first',
    });
    await silentRunVirtually(
      expectSaga(customerWatchers)
        .withReducer(rootReducer, loaded([]))
        .provide([noOptionsCall])
        .call.fn(loadOptions)
        .dispatch(ask),
      50,
    );
    const withOptions = loaded(
      [],
      [handleOptionsLoaded({ list: [{ value: 'converted', label: '已成交', closes: true }] })],
    );
    await silentRunVirtually(
      expectSaga(customerWatchers)
        .withReducer(rootReducer, withOptions)
        .provide([noOptionsCall])
        .not.call.fn(loadOptions)
        .dispatch(ask),
      50,
    );
    const other = detailRequested({
      key: detailKey('customerAum', { customer_id: 3 }),
      kind: 'customerAum',
      params: { customer_id: 3 },
      mode: 'first',
    });
    await silentRunVirtually(
      expectSaga(customerWatchers)
        .withReducer(rootReducer, loaded([]))
        .provide([noOptionsCall])
        .not.call.fn(loadOptions)
        .dispatch(other),
      50,
    );
  });
});
