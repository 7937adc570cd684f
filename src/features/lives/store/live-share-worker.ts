/** The share worker, loaded on the first share tap (see live-share-saga.ts) to keep it out of the home route's first load. */
import { call, put, take } from 'redux-saga/effects';

import { currentContext, type RuntimeContext } from '../../../platform/context';
import { currentUrl } from '../../../platform/location';
import { liveShared, liveShareFailed, liveShareGuideShown, type liveShareRequested } from './lives-slice';

import { customerShareFailed, customerShareRequested, customerShareSent, linkToShare } from '@/features/session';

export type ShareOutcome = 'shared' | 'copied';

/** The browser's share sheet where there is one, else the clipboard: rejects when neither works or the user cancels. */
export async function shareOrCopy(title: string, url: string): Promise<ShareOutcome> {
  const nav: Partial<Navigator> | undefined = globalThis.navigator;
  if (nav?.share) {
    await nav.share({ title, url });
    return 'shared';
  }
  if (!nav?.clipboard) throw new Error('no share or clipboard');
  await nav.clipboard.writeText(url);
  return 'copied';
}

/**
 * Share as the platform does: WeChat shares from its own ··· menu (a guide
 * points there); WeCom sends to a customer through the JS-SDK (the session's share saga); the
 * share sheet or the clipboard only where neither exists.
 */
export function* shareWorker(action: ReturnType<typeof liveShareRequested>) {
  const { liveId, title } = action.payload;
  const context: RuntimeContext = yield call(currentContext);
  if (context.webChat) {
    yield put(liveShareGuideShown());
    return;
  }
  if (context.workChat) {
    const href: string = yield call(currentUrl);
    const link: string = yield call(linkToShare, href);
    yield put(customerShareRequested({ title, desc: '财富直播，点击观看', link, imgUrl: '' }));
    const outcome: { type: string } = yield take([customerShareSent.type, customerShareFailed.type]);
    if (outcome.type === customerShareSent.type) {
      yield put(liveShared({ liveId, copied: false }));
      return;
    }
    // The SDK refused (not configured for this agent): fall through to copying the link.
  }
  try {
    const href: string = yield call(currentUrl);
    const url: string = yield call(linkToShare, href);
    const outcome: ShareOutcome = yield call(shareOrCopy, title, url);
    yield put(liveShared({ liveId, copied: outcome === 'copied' }));
  } catch {
    // A cancelled share sheet rejects too; the notice points to WeChat's own menu either way.
    yield put(liveShareFailed({ liveId }));
  }
}
