import { all, call } from 'redux-saga/effects';
import { expectSaga } from 'redux-saga-test-plan';

import { silentRunVirtually } from '../../../lib/testing/virtual-time';
import { forwardMaterial, recordShare } from '../materials/api';
import { openBridge, recordOutcome, startCall, startMessage } from '../reach/api';
import { detailsWatchers } from '../store/details-saga';
import { detailKey } from '../store/details-slice';
import { MATERIAL_LIST_FETCHERS } from '../store/fetchers/materials';
import { reachWatchers } from '../store/reach-saga';
import {
  callOutcomeSubmitted,
  customerCallRequested,
  customerMessageRequested,
  reachKey,
  selectReach,
} from '../store/reach-slice';
import { fakeServices } from './fixtures';

import { ApiError } from '@/api';
import { customerShareFailed } from '@/features/session';
import { currentContext } from '@/platform/context';
import { rootReducer, type RootState } from '@/store';

const CLUE = { clue_id: 7 };
const CALL = {
  call_id: 41,
  link: 'http://127.0.0.1/market_map_url/chance/reach/bridge/tok',
  expires_at: 1_900_000_000,
  phone_masked: '139****0001',
  display_name: '李*',
};
const CONTACT = {
  contact_id: 41,
  kind: 'call' as const,
  card_id: null,
  clue_id: 7,
  customer_id: null,
  outcome: 'callback' as const,
  note: '周五再打',
  started_at: 1_795_000_000,
};

/** The reach watchers beside the detail loader (最近联系 is one of its kinds), answered by `answer` past the bridge. */
const base = (answer: (fn: unknown, args: unknown[]) => unknown, recent = jest.fn()) =>
  expectSaga(function* both() {
    yield all([call(reachWatchers), call(detailsWatchers, { reachRecent: recent })]);
  })
    .withReducer(rootReducer)
    .provide({
      getContext: () => fakeServices(),
      call(effect, next) {
        if (effect.fn === startCall) return CALL;
        if (effect.fn === openBridge) return { call_id: 41, message: '已接通公司呼叫中心' };
        const answered = answer(effect.fn, effect.args);
        return answered === undefined ? next() : answered;
      },
    });

describe('reach: a call, then its outcome, on a clue as on a card', () => {
  it('dials through the bridge, asks how it went, records the answer against the clue and reads 最近联系 again', async () => {
    const record = jest.fn().mockReturnValue(CONTACT);
    // 最近联系 is read back from the server after the outcome.
    const recent = jest.fn().mockResolvedValue({ list: [CONTACT] });
    const { storeState } = await silentRunVirtually(
      base((fn, args) => (fn === recordOutcome ? record(...args) : undefined), recent)
        .dispatch(customerCallRequested({ target: CLUE }))
        .delay(5)
        .dispatch(callOutcomeSubmitted({ target: CLUE, callId: 41, outcome: 'callback', note: '周五再打' })),
      50,
    );
    const s = storeState as RootState;
    expect(record.mock.calls[0][1]).toEqual({ call_id: 41, outcome: 'callback', note: '周五再打' });
    expect(selectReach(s, reachKey(CLUE))).toMatchObject({ status: 'idle', outcome: 'callback', callId: null });
    const shown = s.marketingDetails!.entries[detailKey('reachRecent', CLUE)];
    expect(shown?.status).toBe('loaded');
    expect(shown?.data).toEqual({ list: [CONTACT] });
    expect(recent.mock.calls[0][1]).toEqual(CLUE);
  });

  it('the outcome question waits while the bridge has answered: nothing is recorded before the adviser says', async () => {
    const record = jest.fn();
    const { storeState } = await silentRunVirtually(
      base((fn) => (fn === recordOutcome ? record() : undefined)).dispatch(customerCallRequested({ target: CLUE })),
      50,
    );
    expect(record).not.toHaveBeenCalled();
    expect(selectReach(storeState as RootState, reachKey(CLUE))).toMatchObject({
      status: 'awaitingOutcome',
      callId: 41,
      phoneMasked: '139****0001',
    });
  });

  it('a failed save keeps the question open, with the reason in Chinese', async () => {
    const { storeState } = await silentRunVirtually(
      base((fn) => {
        if (fn === recordOutcome) throw new ApiError({ kind: 'network' });
        return undefined;
      })
        .dispatch(customerCallRequested({ target: CLUE }))
        .delay(5)
        .dispatch(callOutcomeSubmitted({ target: CLUE, callId: 41, outcome: 'connected', note: '' })),
      50,
    );
    const e = selectReach(storeState as RootState, reachKey(CLUE));
    expect(e.status).toBe('awaitingOutcome');
    expect(e.notice).toMatch(/[\u4e00-\u9fff]/);
  });
});

describe('reach: 发消息 tells every failure in Chinese', () => {
  const MATERIAL = {
    material_id: 4,
    title: '固收+ 产品一图读懂',
    summary: '一图读懂',
    image_url: null,
    products: [],
    suitability: { ok: true },
    expired: false,
  };
  const run = (sdkMessage: string) =>
    silentRunVirtually(
      expectSaga(reachWatchers)
        .withReducer(rootReducer)
        .provide({
          getContext: () => fakeServices(),
          take(effect, next) {
            // WeCom answers the send with its own (English) words.
            const types = ([] as unknown[]).concat((effect as { pattern?: unknown }).pattern);
            if (types.includes(customerShareFailed.type)) return customerShareFailed({ message: sdkMessage });
            return next();
          },
          call(effect, next) {
            if (effect.fn === currentContext) return { workChat: true, webChat: false };
            if (effect.fn === MATERIAL_LIST_FETCHERS.materialFiles) return { list: [MATERIAL], next_cursor: null };
            if (effect.fn === startMessage)
              return { contact_id: 5, customer_id: 31, external_user_id: 'wmEXT31', display_name: '张*明' };
            if (effect.fn === forwardMaterial)
              return {
                sent: [{ forward_id: 9, customer_id: 31, link: 'https://x/r/9' }],
                refused: [],
                left_out: { count: 0, by_reason: {} },
              };
            if (effect.fn === recordShare) return { recorded: 1 };
            return next();
          },
        })
        .dispatch(customerMessageRequested({ target: { card_id: 12 }, customerId: 31, productIds: [] })),
      50,
    );

  it('an English WeCom failure reaches the adviser in Chinese', async () => {
    const { storeState } = await run('openEnterpriseChat:fail no permission');
    const e = selectReach(storeState as RootState, reachKey({ card_id: 12 }));
    expect(e.status).toBe('idle');
    expect(e.notice).toBe('企业微信未能发送，请稍后重试');
  });

  it('a Chinese one is kept, after what it is about', async () => {
    const { storeState } = await run('已取消发送');
    expect(selectReach(storeState as RootState, reachKey({ card_id: 12 })).notice).toBe('未能发送：已取消发送');
  });
});
