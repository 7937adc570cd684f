import type { Action } from '@reduxjs/toolkit';
import { all, call, delay, put, race, select, take, takeEvery, takeLeading } from 'redux-saga/effects';

import {
  EMPTY_SHARE,
  productShareCreated,
  type ProductShareEntry,
  productShareFailed,
  productShareRequested,
  productShareSendFailed,
  productShareSendRequested,
  productShareSent,
  selectProductShares,
  shareKeyOf,
} from './product-share-slice';

import type { ApiErrorInfo } from '@/api';
import type { ShareCreated } from '@/api/contract/market-map-products';
import { SHARE_CODE_PARAM } from '@/api/contract/market-map-products-constants';
import type { Clients } from '@/features/marketing/details';
import { createProductShare, recordProductShare } from '@/features/marketing/details';
import { failureInfo, marketClients, NO_DATA } from '@/features/marketing/shared';
import { customerShareFailed, customerShareRequested, customerShareSent, linkToShare } from '@/features/session';
import { currentContext, type RuntimeContext } from '@/platform/context';
import { currentUrl } from '@/platform/location';
import { routes } from '@/routes';
import type { RootState } from '@/store';

/** The customer-facing address of a share code, on this page's origin, with the sharer as attribution only. */
export function shareHref(origin: string, made: ShareCreated): string {
  const query = { [SHARE_CODE_PARAM]: made.code };
  const path =
    made.page === 'public'
      ? routes.publicShareDetail.getHref(undefined, query)
      : routes.rateShareDetail.getHref(undefined, query);
  return linkToShare(`${origin}${path}`);
}

/** A clipboard that has not answered by then will not: the adviser long-presses the link instead. */
export const COPY_WAIT_MS = 1_500;
/** Where copying is refused (or never answers), the link on screen is the way: never the browser's own words. */
export const COPY_REFUSED = '无法自动复制，请长按上方链接复制后发给客户';
/** A WeCom send that failed for a reason WeCom gave in English (or none): said in Chinese, the link still on screen. */
export const WECOM_SEND_FAILED = '企业微信未能发送，请长按上方链接复制后发给客户';
const HAS_CJK = /[\u4e00-\u9fff]/;

export function copyText(text: string): Promise<void> {
  const clip = globalThis.navigator?.clipboard;
  return clip ? clip.writeText(text) : Promise.reject(new Error(COPY_REFUSED));
}

export function* createShareWorker(action: ReturnType<typeof productShareRequested>) {
  const { productId, page, customerId } = action.payload;
  const key = shareKeyOf(page, productId);
  try {
    const clients: Clients = yield call(marketClients);
    const made: ShareCreated | null = yield call(createProductShare, clients, {
      product_id: productId,
      page,
      customer_id: customerId,
    });
    if (!made) throw NO_DATA;
    const href: string = yield call(currentUrl);
    const link: string = yield call(shareHref, new URL(href).origin, made);
    yield put(
      productShareCreated({
        key,
        link,
        title: made.title,
        desc: made.desc,
        expiresAt: made.expires_at,
        shareId: made.share_id,
        customerName: made.customer.display_name,
      }),
    );
  } catch (error) {
    const info: ApiErrorInfo = error === NO_DATA ? NO_DATA : yield call(failureInfo, error);
    yield put(productShareFailed({ key, error: info }));
  }
}

/** The send's answer for the trail and the contact budget; a lost record only leaves the contact held a while. */
function* recordSend(shareId: number | null, api: string, ok: boolean) {
  if (shareId === null) return;
  try {
    const clients: Clients = yield call(marketClients);
    yield call(recordProductShare, clients, { share_id: shareId, api, ok });
  } catch {
    // The server gives an unconfirmed contact back after its hold; nothing for the adviser to do.
  }
}

/**
 * WeCom sends through the JS-SDK ("发送给客户") and its answer is recorded: only a confirmed send spends the
 * customer's contact, a failed or cancelled one gives it back. Outside WeCom the link is copied (recorded as sent).
 */
export function* sendShareWorker(action: ReturnType<typeof productShareSendRequested>) {
  const { key } = action.payload;
  const entry: ProductShareEntry = yield select((s: RootState) => selectProductShares(s).entries[key] ?? EMPTY_SHARE);
  if (entry.send !== 'sending' || !entry.link) return;
  const context: RuntimeContext = yield call(currentContext);
  if (context.workChat) {
    yield put(customerShareRequested({ title: entry.title, desc: entry.desc, link: entry.link, imgUrl: '' }));
    const outcome: Action = yield take([customerShareSent.type, customerShareFailed.type]);
    if (outcome.type === customerShareSent.type) {
      yield call(recordSend, entry.shareId, (outcome as ReturnType<typeof customerShareSent>).payload.via, true);
      yield put(productShareSent({ key, via: 'wecom' }));
      return;
    }
    yield call(recordSend, entry.shareId, 'shareToExternalContact', false);
    yield put(
      productShareSendFailed({
        key,
        message: HAS_CJK.test((outcome as ReturnType<typeof customerShareFailed>).payload.message)
          ? (outcome as ReturnType<typeof customerShareFailed>).payload.message
          : WECOM_SEND_FAILED,
      }),
    );
    return;
  }
  try {
    const { late }: { late?: true } = yield race({ copied: call(copyText, entry.link), late: delay(COPY_WAIT_MS) });
    if (late) throw new Error(COPY_REFUSED);
    yield call(recordSend, entry.shareId, 'copyLink', true);
    yield put(productShareSent({ key, via: 'copied' }));
  } catch {
    // The browser's refusal ("Write permission denied.") is not for the adviser: the link on screen is.
    yield put(productShareSendFailed({ key, message: COPY_REFUSED }));
  }
}

export function* productShareWatchers() {
  yield all([
    takeEvery(productShareRequested.type, createShareWorker),
    takeLeading(productShareSendRequested.type, sendShareWorker),
  ]);
}
