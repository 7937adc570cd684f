import type { Action } from '@reduxjs/toolkit';
import { expectSaga } from 'redux-saga-test-plan';
import * as matchers from 'redux-saga-test-plan/matchers';
import { dynamic, throwError } from 'redux-saga-test-plan/providers';

import { silentRunVirtually } from '../../../../lib/testing/virtual-time';
import { fakeServices } from '../../shared/__tests__/fixtures';
import {
  COPY_REFUSED,
  COPY_WAIT_MS,
  copyText,
  productShareWatchers,
  WECOM_SEND_FAILED,
} from '../store/product-share-saga';
import {
  productShareCreated,
  productShareRequested,
  productShareSendRequested,
  shareKeyOf,
} from '../store/product-share-slice';

import { ApiError } from '@/api';
import { createProductShare, recordProductShare } from '@/features/marketing/details';
import { customerShareFailed, customerShareRequested, customerShareSent } from '@/features/session';
import { currentContext } from '@/platform/context';
import { currentUrl } from '@/platform/location';
import { rootReducer } from '@/store';

const CUSTOMER = {
  customer_id: 31,
  display_name: '张*明',
  phone_masked: '138****5678',
  gender: 'm' as const,
  risk_level: 'C4' as const,
  risk_state: 'valid' as const,
  risk_expires_at: null,
  qualified: false,
  tags: [],
  tier: 'gold' as const,
  aum: 1,
  last_contact_at: null,
};
const MADE = {
  code: 'eyJhIjoxfQ.bWFj',
  page: 'rate' as const,
  expires_at: 1_800_000_000,
  title: '红利低波精选混合 业绩走势',
  desc: '001938 · R3 中风险',
  share_id: 77,
  customer: CUSTOMER,
};
const KEY = shareKeyOf('rate', 6);
/** What the saga asked the server for (the fetchers' request bodies). */
let asked: unknown[] = [];
let recorded: unknown[] = [];
beforeEach(() => {
  asked = [];
  recorded = [];
});
/** The store with the rate page's link of product 6 ready to send. */
const ready = () =>
  [
    productShareRequested({ productId: 6, page: 'rate', customerId: 31 }),
    productShareCreated({
      key: KEY,
      link: 'https://app.example.com/RateShareDetail?share_code=a.b',
      title: MADE.title,
      desc: MADE.desc,
      expiresAt: MADE.expires_at,
      shareId: 77,
      customerName: '张*明',
    }),
  ].reduce((state, action) => rootReducer(state, action), rootReducer(undefined, { type: '@@init' }));
const base = (
  context: { workChat: boolean },
  sdk: Action = customerShareSent({ via: 'shareToExternalContact' }),
  start = rootReducer(undefined, { type: '@@init' }),
) =>
  expectSaga(productShareWatchers)
    .withReducer(rootReducer, start)
    .provide([
      // The session saga's answer to customerShareRequested, as the take sees it.
      [matchers.take([customerShareSent.type, customerShareFailed.type]), sdk],
      { getContext: () => fakeServices() },
      [matchers.call.fn(createProductShare), dynamic(({ args }) => (asked.push(args[1]), MADE))],
      [matchers.call.fn(currentUrl), 'https://app.example.com/rateDetail?product_id=6&uuid=u1'],
      [matchers.call.fn(currentContext), { webChat: false, workChat: context.workChat }],
      [matchers.call.fn(copyText), undefined],
      [matchers.call.fn(recordProductShare), dynamic(({ args }) => (recorded.push(args[1]), { recorded: 1 }))],
    ]);

describe('sharing a product page', () => {
  it("makes a link for the chosen customer on this origin, without the adviser's identity", async () => {
    const { storeState } = await silentRunVirtually(
      base({ workChat: true }).dispatch(productShareRequested({ productId: 6, page: 'rate', customerId: 31 })),
      50,
    );
    expect(asked).toEqual([{ product_id: 6, page: 'rate', customer_id: 31 }]);
    const entry = storeState.productShare!.entries[KEY];
    expect(entry).toMatchObject({
      status: 'ready',
      title: MADE.title,
      expiresAt: MADE.expires_at,
      shareId: 77,
      customerId: 31,
      customerName: '张*明',
    });
    const url = new URL(entry.link);
    expect(url.origin + url.pathname).toBe('https://app.example.com/RateShareDetail');
    expect(url.searchParams.get('share_code')).toBe(MADE.code);
    expect(url.searchParams.has('uuid')).toBe(false);
  });

  it('in WeCom sends through "发送给客户" and records the confirmed send (it spends the contact)', async () => {
    const sent = await silentRunVirtually(
      base({ workChat: true }, undefined, ready())
        .dispatch(productShareSendRequested({ key: KEY }))
        .put.like({ action: { type: customerShareRequested.type } }),
      50,
    );
    expect(recorded).toEqual([{ share_id: 77, api: 'shareToExternalContact', ok: true }]);
    expect(sent.storeState.productShare!.entries[KEY].send).toBe('sent');
  });

  it('a cancelled or failed WeCom send is recorded as not sent (the contact goes back) and is not copied instead', async () => {
    const refused = await silentRunVirtually(
      base({ workChat: true }, customerShareFailed({ message: '已取消发送' }), ready())
        .dispatch(productShareSendRequested({ key: KEY }))
        .not.call.fn(copyText),
      50,
    );
    expect(recorded).toEqual([{ share_id: 77, api: 'shareToExternalContact', ok: false }]);
    expect(refused.storeState.productShare!.entries[KEY]).toMatchObject({ send: 'failed', sendMessage: '已取消发送' });
  });

  it('a WeCom failure told in English reaches the adviser in Chinese, pointing at the link on screen', async () => {
    const { storeState } = await silentRunVirtually(
      base(
        { workChat: true },
        customerShareFailed({ message: 'shareToExternalContact:fail no permission' }),
        ready(),
      ).dispatch(productShareSendRequested({ key: KEY })),
      50,
    );
    expect(storeState.productShare!.entries[KEY]).toMatchObject({ send: 'failed', sendMessage: WECOM_SEND_FAILED });
  });

  it('outside WeCom a refused clipboard says, in Chinese, to long-press the link (not the browser’s words)', async () => {
    const denied = Object.assign(new Error('Write permission denied.'), { name: 'NotAllowedError' });
    const { storeState } = await silentRunVirtually(
      base({ workChat: false }, undefined, ready())
        .provide([[matchers.call.fn(copyText), throwError(denied)]])
        .dispatch(productShareSendRequested({ key: KEY })),
      50,
    );
    expect(COPY_REFUSED).toMatch(/长按/);
    expect(storeState.productShare!.entries[KEY]).toMatchObject({ send: 'failed', sendMessage: COPY_REFUSED });
    expect(recorded).toEqual([]);
  });

  it('a clipboard that never answers gives way to the link after 1.5 s, not before', async () => {
    // A webview whose clipboard takes the text and never answers.
    Object.defineProperty(navigator, 'clipboard', {
      configurable: true,
      value: { writeText: () => new Promise<void>(() => undefined) },
    });
    const run = (ms: number) =>
      silentRunVirtually(
        expectSaga(productShareWatchers)
          .withReducer(rootReducer, ready())
          .provide([
            { getContext: () => fakeServices() },
            [matchers.call.fn(currentContext), { webChat: false, workChat: false }],
          ])
          .dispatch(productShareSendRequested({ key: KEY })),
        ms,
      );
    expect(COPY_WAIT_MS).toBe(1_500);
    expect((await run(1_400)).storeState.productShare!.entries[KEY].send).toBe('sending');
    expect((await run(1_600)).storeState.productShare!.entries[KEY]).toMatchObject({
      send: 'failed',
      sendMessage: COPY_REFUSED,
    });
    Reflect.deleteProperty(navigator, 'clipboard');
  });

  it("a refused share (private fund) keeps the server's reason for the screen", async () => {
    const error = new ApiError({
      kind: 'business',
      code: 100460,
      detail: '私募产品仅限合格投资者，不能公开分享',
      httpStatus: 400,
    });
    const { storeState } = await silentRunVirtually(
      expectSaga(productShareWatchers)
        .withReducer(rootReducer)
        .provide([{ getContext: () => fakeServices() }, [matchers.call.fn(createProductShare), throwError(error)]])
        .dispatch(productShareRequested({ productId: 12, page: 'rate', customerId: 31 })),
      50,
    );
    const entry = storeState.productShare!.entries[shareKeyOf('rate', 12)];
    expect(entry.status).toBe('failed');
    expect(entry.error?.message).toContain('私募产品');
  });

  it('a send before the link is ready does nothing', async () => {
    const { storeState } = await silentRunVirtually(
      base({ workChat: false }).dispatch(productShareSendRequested({ key: KEY })),
      50,
    );
    expect(storeState.productShare?.entries[KEY]).toBeUndefined();
  });
});
