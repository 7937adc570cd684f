import type { Action } from '@reduxjs/toolkit';
import { expectSaga } from 'redux-saga-test-plan';
import * as matchers from 'redux-saga-test-plan/matchers';
import { throwError } from 'redux-saga-test-plan/providers';
import { ApiError } from '@/api';
import { customerShareFailed, customerShareRequested, customerShareSent } from '@/features/session';
import { currentContext } from '@/platform/context';
import { currentUrl } from '@/platform/location';
import { rootReducer } from '@/store';
import { createProductShare } from '../store/fetchers/products';
import { copyText, productShareWatchers } from '../store/productShareSaga';
import { productShareCreated, productShareRequested, productShareSendRequested, shareKeyOf } from '../store/productShareSlice';
import { fakeServices } from './fixtures';

const MADE = { code: 'eyJhIjoxfQ.bWFj', page: 'rate' as const, expires_at: 1_800_000_000, title: '红利低波精选混合 业绩走势', desc: '001938 · 中风险(R3)' };
const KEY = shareKeyOf('rate', 6);
/** The store with the rate page's link of product 6 ready to send. */
const ready = () =>
  [productShareRequested({ productId: 6, page: 'rate' }), productShareCreated({ key: KEY, link: 'https://app.example.com/RateShareDetail?share_code=a.b', title: MADE.title, desc: MADE.desc, expiresAt: MADE.expires_at })].reduce(
    (state, action) => rootReducer(state, action),
    rootReducer(undefined, { type: '@@init' }),
  );
const base = (context: { workChat: boolean }, sdk: Action = customerShareSent({ via: 'shareToExternalContact' }), start = rootReducer(undefined, { type: '@@init' })) =>
  expectSaga(productShareWatchers)
    .withReducer(rootReducer, start)
    .provide([
      // The session saga's answer to customerShareRequested, as the take sees it.
      [matchers.take([customerShareSent.type, customerShareFailed.type]), sdk],
      { getContext: () => fakeServices() },
      [matchers.call.fn(createProductShare), MADE],
      [matchers.call.fn(currentUrl), 'https://app.example.com/rateDetail?product_id=6&uuid=u1'],
      [matchers.call.fn(currentContext), { webChat: false, workChat: context.workChat }],
      [matchers.call.fn(copyText), undefined],
    ]);

describe('sharing a product page', () => {
  it('makes a link to the public page on this origin, without the adviser\'s identity', async () => {
    const { storeState } = await base({ workChat: true }).dispatch(productShareRequested({ productId: 6, page: 'rate' })).silentRun(50);
    const entry = storeState.productShare!.entries[KEY];
    expect(entry).toMatchObject({ status: 'ready', title: MADE.title, expiresAt: MADE.expires_at });
    const url = new URL(entry.link);
    expect(url.origin + url.pathname).toBe('https://app.example.com/RateShareDetail');
    expect(url.searchParams.get('share_code')).toBe(MADE.code);
    expect(url.searchParams.has('uuid')).toBe(false);
  });

  it('in WeCom sends through "发送给客户"; a refused SDK falls back to copying', async () => {
    const sent = await base({ workChat: true }, undefined, ready())
      .dispatch(productShareSendRequested({ key: KEY }))
      .put.like({ action: { type: customerShareRequested.type } })
      .silentRun(50);
    expect(sent.storeState.productShare!.entries[KEY].send).toBe('sent');

    const refused = await base({ workChat: true }, customerShareFailed({ message: 'no permission' }), ready())
      .dispatch(productShareSendRequested({ key: KEY }))
      .call.fn(copyText)
      .silentRun(50);
    expect(refused.storeState.productShare!.entries[KEY].send).toBe('copied');
  });

  it('a refused share (private fund) keeps the server\'s reason for the screen', async () => {
    const error = new ApiError({ kind: 'business', code: 100460, detail: '私募产品仅限合格投资者，不能公开分享', httpStatus: 400 });
    const { storeState } = await expectSaga(productShareWatchers)
      .withReducer(rootReducer)
      .provide([{ getContext: () => fakeServices() }, [matchers.call.fn(createProductShare), throwError(error)]])
      .dispatch(productShareRequested({ productId: 12, page: 'rate' }))
      .silentRun(50);
    const entry = storeState.productShare!.entries[shareKeyOf('rate', 12)];
    expect(entry.status).toBe('failed');
    expect(entry.error?.message).toContain('私募产品');
  });

  it('a send before the link is ready does nothing', async () => {
    const { storeState } = await base({ workChat: false }).dispatch(productShareSendRequested({ key: KEY })).silentRun(50);
    expect(storeState.productShare?.entries[KEY]).toBeUndefined();
  });
});
