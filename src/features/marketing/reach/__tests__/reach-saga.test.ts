import { all, call } from 'redux-saga/effects';
import { expectSaga } from 'redux-saga-test-plan';

import { silentRunVirtually } from '../../../../lib/testing/virtual-time';
import { fakeServices } from '../../shared/__tests__/fixtures';
import { fetchSendOptions, openBridge, recordMessageResult, recordOutcome, startCall, startMessage } from '../api';
import { reachWatchers, refreshRecent } from '../store/reach-saga';
import {
  callOutcomeSubmitted,
  customerCallRequested,
  customerMessageRequested,
  reachKey,
  selectReach,
  sendChoiceConfirmed,
} from '../store/reach-slice';

import { ApiError } from '@/api';
import { detailKey, detailsWatchers } from '@/features/marketing/details';
import { forwardMaterial, recordShare } from '@/features/marketing/materials';
import { customerShareFailed, customerShareRequested, customerShareSent } from '@/features/session';
import { trackingEventRequested } from '@/features/tracking';
import { currentContext } from '@/platform/context';
import { rootReducer, type RootState } from '@/store';

const CLUE = { clue_id: 7 };

/** The own-tracking events a run asked for, as { name, data }. */
const tracked = (effects: { put?: Array<{ payload: { action: { type: string; payload: unknown } } }> }) =>
  (effects.put ?? [])
    .map((p) => p.payload.action)
    .filter((a) => a.type === trackingEventRequested.type)
    .map((a) => a.payload);
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

type Outcome = Parameters<typeof callOutcomeSubmitted>[0]['outcome'];
/** A call on the clue, then the adviser's `outcome`; the outcome's save (and the rest) answered by `answer`. */
const callThenOutcome = (answer: Parameters<typeof base>[0], outcome: Outcome, note = '', recent?: jest.Mock) =>
  silentRunVirtually(
    base(answer, recent)
      .dispatch(customerCallRequested({ target: CLUE }))
      .delay(5)
      .dispatch(callOutcomeSubmitted({ target: CLUE, callId: 41, outcome, note })),
    50,
  );
/** The outcome's save fails on the network. */
const saveFails = (fn: unknown) => {
  if (fn === recordOutcome) throw new ApiError({ kind: 'network' });
  return undefined;
};

describe('reach: a call, then its outcome, on a clue as on a card', () => {
  it('dials through the bridge, asks how it went, records the answer against the clue and reads 最近联系 again', async () => {
    const record = jest.fn().mockReturnValue(CONTACT);
    // 最近联系 is read back from the server after the outcome.
    const recent = jest.fn().mockResolvedValue({ list: [CONTACT] });
    const { storeState } = await callThenOutcome(
      (fn, args) => (fn === recordOutcome ? record(...args) : undefined),
      'callback',
      '周五再打',
      recent,
    );
    const s = storeState as RootState;
    expect(record.mock.calls[0][1]).toEqual({ call_id: 41, outcome: 'callback', note: '周五再打' });
    expect(selectReach(s, reachKey(CLUE))).toMatchObject({ status: 'idle', outcome: 'callback', callId: null });
    const shown = s.marketingDetails!.entries[detailKey('reachRecent', CLUE)];
    expect(shown?.status).toBe('loaded');
    expect(shown?.data).toEqual({ list: [CONTACT] });
    expect(recent.mock.calls[0][1]).toEqual(CLUE);
  });

  it('tracks the outcome once the server kept it, and a call the bridge could not place with its reason', async () => {
    const told = await callThenOutcome((fn) => (fn === recordOutcome ? CONTACT : undefined), 'no_answer');
    expect(tracked(told.effects)).toEqual([
      { name: 'workbench_call_outcome', data: { target: 'clue:7', outcome: 'no_answer' } },
    ]);
    // The save failed: nothing is tracked until the adviser answers again and it is kept.
    const unsaved = await callThenOutcome(saveFails, 'connected');
    expect(tracked(unsaved.effects)).toEqual([]);
    const unplaced = await silentRunVirtually(
      expectSaga(reachWatchers)
        .withReducer(rootReducer)
        .provide({
          getContext: () => fakeServices(),
          call(effect, next) {
            if (effect.fn === startCall) throw new ApiError({ kind: 'http', httpStatus: 502 });
            return next();
          },
        })
        .dispatch(customerCallRequested({ target: { card_id: 12 } })),
      50,
    );
    expect(tracked(unplaced.effects)).toEqual([
      {
        name: 'workbench_call_outcome',
        data: { target: 'card:12', outcome: 'not_placed', reason_code: 'REQUEST_HTTP' },
      },
    ]);
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
    const { storeState } = await callThenOutcome(saveFails, 'connected');
    const e = selectReach(storeState as RootState, reachKey(CLUE));
    expect(e.status).toBe('awaitingOutcome');
    expect(e.notice).toMatch(/[\u4e00-\u9fff]/);
  });
});

describe('reach: 发消息 sends only what the adviser chose, and says what WeCom did', () => {
  const TARGET = { card_id: 12 };
  const OPTION = {
    material_id: 4,
    title: '固收+ 产品一图读懂',
    summary: '一图读懂',
    image_url: null,
    review_no: 'HX-2025-004',
    products: [],
    disclosures: [],
    verdict: { ok: true },
    why: '通用资讯，不涉及具体产品',
  };
  const OPTIONS = {
    customer_id: 31,
    display_name: '张*明',
    budget: { limit: 1, used: 0, remaining: 1 },
    suggested_id: 4,
    options: [OPTION, { ...OPTION, material_id: 6, title: '稳健理财周报', why: '关于本商机的产品：稳健 1 号' }],
    text: { ok: true },
  };
  const OFFER = { shown: [4, 6], suggested: 4, chosen: 'material:6' };
  const TEXT_OFFER = { ...OFFER, chosen: 'text' };
  const CHOSEN = { material_id: 6, title: '稳健理财周报' };
  const MESSAGE = { contact_id: 5, customer_id: 31, external_user_id: 'wmEXT31', display_name: '张*明' };
  const FORWARDED = {
    sent: [{ forward_id: 9, customer_id: 31, token: 't', link: 'https://x/r/9' }],
    refused: [],
    left_out: { count: 0, by_reason: {} },
  };
  const REFUSED = {
    sent: [],
    refused: [{ customer_id: 31, display_name: '张*明', reason_code: 'RISK_LEVEL_TOO_LOW', reason: '风险等级不匹配' }],
    left_out: { count: 0, by_reason: {} },
  };
  type Answer = [fn: unknown, answer: unknown];
  /** The server's answers in or outside WeCom: the runtime, the send options and (in WeCom) the message contact. */
  const inWorkChat = (...more: Answer[]) =>
    new Map<unknown, unknown>([
      [currentContext, { workChat: true, webChat: false }],
      [fetchSendOptions, OPTIONS],
      [startMessage, MESSAGE],
      ...more,
    ]);
  const outsideWorkChat = () =>
    new Map<unknown, unknown>([
      [currentContext, { workChat: false, webChat: false }],
      [fetchSendOptions, OPTIONS],
    ]);
  /** A material sent and its sends recorded; 最近联系 is not read again. */
  const sending = () =>
    inWorkChat(
      [forwardMaterial, FORWARDED],
      [recordShare, { recorded: 1 }],
      [recordMessageResult, { recorded: 1 }],
      [refreshRecent, undefined],
    );

  /**
   * 发消息 on the card with its products: the watchers with the calls in `answers` answered (the others run),
   * WeCom answering `sdk` (null: it never answers), and then, unless `choice` is null, the adviser's confirm.
   */
  const message = ({
    answers = sending(),
    sdk = null,
    productIds = [77],
    choice = CHOSEN,
    offer = OFFER,
  }: {
    answers?: Map<unknown, unknown>;
    sdk?: ReturnType<typeof customerShareFailed> | ReturnType<typeof customerShareSent> | null;
    productIds?: number[];
    choice?: Parameters<typeof sendChoiceConfirmed>[0]['choice'] | null;
    offer?: typeof OFFER;
  } = {}) => {
    const calls: { fn: unknown; args: unknown[] }[] = [];
    let plan = expectSaga(reachWatchers)
      .withReducer(rootReducer)
      .provide({
        getContext: () => fakeServices(),
        take(effect, next) {
          const types = ([] as unknown[]).concat((effect as { pattern?: unknown }).pattern);
          if (sdk && types.includes(sdk.type)) return sdk;
          return next();
        },
        call(effect, next) {
          calls.push({ fn: effect.fn, args: effect.args });
          return answers.has(effect.fn) ? answers.get(effect.fn) : next();
        },
      })
      .dispatch(customerMessageRequested({ target: TARGET, customerId: 31, productIds }));
    if (choice) plan = plan.delay(5).dispatch(sendChoiceConfirmed({ target: TARGET, choice, offer }));
    return { calls, result: silentRunVirtually(plan, 50) };
  };
  /** A material sent in WeCom, which answers `sdk`. */
  const run = (sdk: ReturnType<typeof customerShareFailed> | ReturnType<typeof customerShareSent> | null) =>
    message({ sdk });
  const fns = (calls: { fn: unknown }[]) => calls.map((c) => c.fn);

  it('opens the chooser with the server’s options and sends, records and spends nothing before the confirm', async () => {
    const { calls, result } = message({ choice: null });
    const { storeState } = await result;
    const e = selectReach(storeState as RootState, reachKey(TARGET));
    expect(e.status).toBe('messaging');
    expect(e.chooser).toMatchObject({ status: 'ready', options: OPTIONS });
    expect(calls.find((c) => c.fn === fetchSendOptions)?.args[1]).toEqual({ card_id: 12, products: '77' });
    expect(fns(calls)).not.toContain(forwardMaterial);
    expect(fns(calls)).not.toContain(startMessage);
    expect(fns(calls)).not.toContain(recordShare);
  });

  it('on confirm sends the chosen material with what was shown, and 已送达 only once WeCom confirms', async () => {
    const { calls, result } = run(customerShareSent({ via: 'sendChatMessage' }));
    const { storeState, effects } = await result;
    const forward = calls.find((c) => c.fn === forwardMaterial)!.args[1] as Record<string, unknown>;
    expect(forward).toMatchObject({ fileId: 6, customer_ids: [31], offer: OFFER });
    expect(calls.find((c) => c.fn === recordShare)!.args[1]).toEqual({
      forward_ids: [9],
      api: 'sendChatMessage',
      ok: true,
    });
    const e = selectReach(storeState as RootState, reachKey(TARGET));
    expect(e).toMatchObject({ status: 'idle', chooser: null, notice: '已送达《稳健理财周报》' });
    expect(e.delivery?.state).toBe('delivered');
    // The WeCom request names the chosen material, not the suggestion.
    const shared = (effects.put ?? []).find(
      (p: { payload: { action: { type: string } } }) => p.payload.action.type === customerShareRequested.type,
    );
    expect(shared?.payload.action.payload).toMatchObject({ title: '稳健理财周报', externalUserId: 'wmEXT31' });
  });

  it('a cancelled WeCom send is 未送达 with the reason, recorded with its code, and a retry of that material', async () => {
    const { calls, result } = run(customerShareFailed({ message: 'sendChatMessage:cancel', code: 'SEND_CANCELLED' }));
    const { storeState } = await result;
    expect(calls.find((c) => c.fn === recordShare)!.args[1]).toEqual({
      forward_ids: [9],
      api: 'sendChatMessage',
      ok: false,
      reason: 'SEND_CANCELLED',
    });
    const e = selectReach(storeState as RootState, reachKey(TARGET));
    expect(e.notice).toBeNull();
    expect(e.delivery).toEqual({
      state: 'undelivered',
      title: '稳健理财周报',
      reason: '已在企业微信中取消发送',
      retry: 6,
    });
  });

  it('tracks each failed send with its reason code, and a delivered one not at all', async () => {
    const cancelled = await run(customerShareFailed({ message: 'sendChatMessage:cancel', code: 'SEND_CANCELLED' }))
      .result;
    expect(tracked(cancelled.effects)).toEqual([
      {
        name: 'workbench_message_failed',
        data: { target: 'card:12', kind: 'material', reason_code: 'SEND_CANCELLED' },
      },
    ]);
    const timedOut = await run(customerShareFailed({ message: '', code: 'SDK_TIMEOUT' })).result;
    expect(tracked(timedOut.effects).map((t) => (t as { data: { reason_code: string } }).data.reason_code)).toEqual([
      'SDK_TIMEOUT',
    ]);
    const delivered = await run(customerShareSent({ via: 'sendChatMessage' })).result;
    expect(tracked(delivered.effects)).toEqual([]);
  });

  it('an English WeCom failure reaches the adviser in Chinese; a Chinese one is kept', async () => {
    const english = await run(customerShareFailed({ message: 'openEnterpriseChat:fail no permission' })).result;
    expect(selectReach(english.storeState as RootState, reachKey(TARGET)).delivery?.reason).toBe('企业微信发送失败');
    const chinese = await run(customerShareFailed({ message: '企业微信接口未就绪', code: 'SDK_TIMEOUT' })).result;
    expect(selectReach(chinese.storeState as RootState, reachKey(TARGET)).delivery?.reason).toBe(
      '企业微信未响应，已停止发送',
    );
  });

  it('a plain text goes through the server (its content policy) and WeCom as text, its answer recorded', async () => {
    const { calls, result } = message({
      answers: inWorkChat([recordMessageResult, { recorded: true }], [refreshRecent, undefined]),
      sdk: customerShareSent({ via: 'sendChatMessage' }),
      productIds: [],
      choice: { text: '明天方便通话吗' },
      offer: TEXT_OFFER,
    });
    const { storeState } = await result;
    expect(calls.find((c) => c.fn === startMessage)!.args[1]).toEqual({
      card_id: 12,
      text: '明天方便通话吗',
      offer: TEXT_OFFER,
    });
    expect(fns(calls)).not.toContain(forwardMaterial);
    expect(calls.find((c) => c.fn === recordMessageResult)!.args[1]).toEqual({ contact_id: 5, ok: true });
    expect(selectReach(storeState as RootState, reachKey(TARGET)).notice).toBe('已送达《文字消息：明天方便通话吗》');
  });

  it('outside WeCom the confirm sends nothing and the chooser says why', async () => {
    const { calls, result } = message({
      answers: outsideWorkChat(),
      productIds: [],
      choice: { material_id: 4, title: 'x' },
    });
    const { storeState } = await result;
    expect(fns(calls)).not.toContain(forwardMaterial);
    expect(fns(calls)).not.toContain(startMessage);
    expect(selectReach(storeState as RootState, reachKey(TARGET)).chooser).toMatchObject({
      status: 'ready',
      error: '请在企业微信中打开后再发消息',
    });
  });

  it('a refused material and a send outside WeCom are tracked as failed sends with their codes', async () => {
    const refused = await message({
      answers: inWorkChat([forwardMaterial, REFUSED]),
      productIds: [],
      choice: { material_id: 4, title: 'x' },
    }).result;
    expect(tracked(refused.effects)).toEqual([
      {
        name: 'workbench_message_failed',
        data: { target: 'card:12', kind: 'material', reason_code: 'RISK_LEVEL_TOO_LOW' },
      },
    ]);
    const outside = await message({
      answers: outsideWorkChat(),
      productIds: [],
      choice: { text: '明天方便通话吗' },
      offer: TEXT_OFFER,
    }).result;
    expect(tracked(outside.effects)).toEqual([
      { name: 'workbench_message_failed', data: { target: 'card:12', kind: 'text', reason_code: 'NOT_IN_WORK_CHAT' } },
    ]);
  });
});
