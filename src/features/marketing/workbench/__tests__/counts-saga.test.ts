import type { UnknownAction } from '@reduxjs/toolkit';
import { expectSaga } from 'redux-saga-test-plan';
import * as matchers from 'redux-saga-test-plan/matchers';
import { throwError } from 'redux-saga-test-plan/providers';

import { silentRunVirtually } from '../../../../lib/testing/virtual-time';
import { card, page } from '../../shared/__tests__/fixtures';
import * as api from '../api';
import { pagesWatchers } from '../store/pages-saga';
import { cardRestored, cardRestoreRequested } from '../store/pages-slice';
import { workbenchWatchers } from '../store/workbench-saga';
import { selectFamilyCounts, selectShownTotal } from '../store/workbench-selectors';
import {
  cardIgnoreRequested,
  cardListLoaded,
  cardListPolled,
  cardListRequested,
  cardSnoozeRequested,
  chanceTypesLoaded,
  clueSubmitSucceeded,
  workbenchFilterChanged,
} from '../store/workbench-slice';

import { ApiError } from '@/api';
import type { ChanceTypeData } from '@/api/contract/market-map';
import { rootReducer, type RootState } from '@/store';

/** Counts as the server gives them: `money` cards in 资金流入 (1), `behaviour` in 行为洞察 (6). */
const types = (money: number, behaviour: number): ChanceTypeData => ({
  list: [
    {
      group: 'money_flow',
      name: '资金动向',
      count: money,
      categories: [{ category_id: 1, name: '资金流入', count: money }],
    },
    {
      group: 'behaviour_insight',
      name: '行为洞察',
      count: behaviour,
      categories: [{ category_id: 6, name: '浏览产品', count: behaviour }],
    },
  ],
  total: money + behaviour,
  waiting: 0,
  open_clues: 0,
});

/** A workbench showing three cards: two money-flow (1, 2), one behaviour (3); the server counts the same. */
function loaded(): RootState {
  let s = rootReducer(undefined, cardListRequested({ mode: 'first' }));
  s = rootReducer(
    s,
    cardListLoaded({
      key: s.workbench!.paging.key,
      page: page(
        [
          card({ card_id: 1, category_id: 1 }),
          card({ card_id: 2, category_id: 1 }),
          card({ card_id: 3, category_id: 6 }),
        ],
        null,
      ),
      replace: false,
    }),
  );
  return rootReducer(s, chanceTypesLoaded(types(2, 1)));
}

const count = (s: RootState, group: string | null) => selectFamilyCounts(s).find((f) => f.group === group)!.count;

/** The workbench saga over `loaded()` with `action` dispatched; the API calls listed are answered, the rest pass on. */
const onLoaded = (answers: Array<[unknown, () => unknown]>, action: UnknownAction) =>
  silentRunVirtually(
    expectSaga(workbenchWatchers)
      .withReducer(rootReducer, loaded())
      .provide({
        getContext: () => services.getContext(),
        call(effect, next) {
          const answer = answers.find(([fn]) => fn === effect.fn);
          return answer ? answer[1]() : next();
        },
      })
      .dispatch(action),
    50,
  );

const services = { getContext: () => ({ api: { clients: { marketMap: {} } }, now: () => 1_795_000_000_000 }) };

describe('numbers that stay true', () => {
  it('共 N 条商机 is the chosen chip’s number, so bar and chip never disagree', () => {
    let s = loaded();
    expect(selectShownTotal(s)).toBe(3);
    // The list said 3 when it loaded; the chips, read later, say 141 vs 140 kind of drift: the bar follows the chips.
    s = rootReducer(s, chanceTypesLoaded(types(5, 1)));
    expect(selectShownTotal(s)).toBe(6);
    s = rootReducer(s, workbenchFilterChanged({ group: 'money_flow' }));
    expect(selectShownTotal(s)).toBe(5);
    expect(selectShownTotal(s)).toBe(count(s, 'money_flow'));
  });

  it('a poll carries the server’s total for the list (the bar under a tag filter follows it)', () => {
    let s = rootReducer(loaded(), workbenchFilterChanged({ tags: ['新客'] }));
    s = rootReducer(
      s,
      cardListLoaded({ key: s.workbench!.paging.key, page: page([card({ card_id: 1 })], null, 1), replace: true }),
    );
    expect(selectShownTotal(s)).toBe(1);
    s = rootReducer(s, cardListPolled({ key: s.workbench!.paging.key, list: [], total: 4 }));
    expect(selectShownTotal(s)).toBe(4);
    // A poll of another filter's query does not move this one's total.
    s = rootReducer(s, cardListPolled({ key: 'other', list: [], total: 9 }));
    expect(selectShownTotal(s)).toBe(4);
  });

  it('snooze takes the card off the counts at once, then the server’s counts replace the guess', async () => {
    const optimistic = rootReducer(loaded(), cardSnoozeRequested({ cardId: 1, until: '2026-12-01' }));
    expect([selectShownTotal(optimistic), count(optimistic, 'money_flow')]).toEqual([2, 1]);
    // Tapped twice before the answer: counted off once.
    const twice = rootReducer(optimistic, cardSnoozeRequested({ cardId: 1, until: '2026-12-01' }));
    expect(selectShownTotal(twice)).toBe(2);

    const { storeState } = await silentRunVirtually(
      expectSaga(workbenchWatchers)
        .withReducer(rootReducer, loaded())
        .provide([
          [matchers.getContext('services'), services.getContext()],
          [matchers.call.fn(api.snoozeCard), { card_id: 1, state: 'snoozed', snooze_until: '2026-12-01' }],
          // Meanwhile a new card arrived: the server's count wins over the local arithmetic.
          [matchers.call.fn(api.fetchChanceTypes), types(3, 1)],
        ])
        .dispatch(cardSnoozeRequested({ cardId: 1, until: '2026-12-01' })),
      50,
    );
    expect([selectShownTotal(storeState), count(storeState, 'money_flow')]).toEqual([4, 3]);
  });

  it('a refused ignore puts the card back on the counts and reads them again', async () => {
    const fetchTypes = jest.fn().mockReturnValue(types(2, 1));
    const { storeState } = await silentRunVirtually(
      expectSaga(workbenchWatchers)
        .withReducer(rootReducer, loaded())
        .provide([
          [matchers.getContext('services'), services.getContext()],
          [matchers.call.fn(api.feedbackCancel), throwError(new ApiError({ kind: 'http', httpStatus: 503 }))],
          [matchers.call.fn(api.fetchChanceTypes), fetchTypes()],
        ])
        .dispatch(cardIgnoreRequested({ cardId: 3, reason: 'no_need' })),
      50,
    );
    expect([selectShownTotal(storeState), count(storeState, 'behaviour_insight')]).toEqual([3, 1]);
    expect(storeState.workbench!.busy).toEqual({});
  });

  it('已成交 on a card takes it off the counts and the counts are read again', async () => {
    const fetchTypes = jest.fn().mockReturnValue(types(1, 1));
    const { storeState } = await onLoaded(
      [[api.fetchChanceTypes, fetchTypes]],
      clueSubmitSucceeded({
        key: 'k1',
        result: {
          handle_id: 1,
          card_id: 2,
          clue_id: null,
          outcome: 'converted',
          state: 'done',
          created_at: 1,
          next_follow_up: null,
          duplicate: false,
        },
        at: 1,
      }),
    );
    expect(fetchTypes).toHaveBeenCalledTimes(1);
    expect([selectShownTotal(storeState), count(storeState, 'money_flow')]).toEqual([2, 1]);
  });

  it('恢复 refreshes the list a person has seen, so the restored card and its count come back', async () => {
    const fetchList = jest.fn().mockReturnValue(page([card({ card_id: 9, category_id: 6 })], null, 4));
    const { storeState } = await onLoaded(
      [
        [api.fetchCardList, fetchList],
        [api.fetchChanceTypes, () => types(2, 2)],
      ],
      cardRestored({ cardId: 9, state: 'viewed' }),
    );
    expect(fetchList).toHaveBeenCalledTimes(1);
    expect(storeState.workbench!.cards.ids).toContain(9);
    expect(selectShownTotal(storeState)).toBe(4);
  });
});

describe('ignoreDetail after 恢复', () => {
  it('drops the old reason, shows the server’s state and reads the card’s history again', async () => {
    const ignored = {
      ...card({ card_id: 5, state: 'ignored', ignore_reason: 'no_need', ignore_text: '不需要' }),
      events: [{ at: 1, kind: 'ignored' as const, note: 'no_need' }],
      handling: null,
    };
    const fetchDetail = jest
      .fn()
      .mockReturnValueOnce(ignored)
      .mockReturnValueOnce({
        ...ignored,
        state: 'viewed',
        ignore_reason: null,
        ignore_text: null,
        events: [...ignored.events, { at: 2, kind: 'restored', note: null }],
      });
    const { storeState } = await silentRunVirtually(
      expectSaga(pagesWatchers)
        .withReducer(rootReducer)
        .provide({
          getContext: () => services.getContext(),
          call(effect, next) {
            if (effect.fn === api.fetchChanceDetail) return fetchDetail();
            if (effect.fn === api.feedbackCancel) return { card_id: 5, state: 'viewed', snooze_until: null };
            return next();
          },
        })
        .dispatch({ type: 'marketingPages/cardDetailRequested', payload: { cardId: 5 } })
        .delay(5)
        .dispatch(cardRestoreRequested({ cardId: 5 })),
      50,
    );
    const detail = storeState.marketingPages!.detail.data!;
    expect([detail.state, detail.ignore_reason, detail.ignore_text]).toEqual(['viewed', null, null]);
    expect(detail.events.map((e: { kind: string }) => e.kind)).toEqual(['ignored', 'restored']);
    expect(fetchDetail).toHaveBeenCalledTimes(2);
  });
});
