import { call, put, takeLeading } from 'redux-saga/effects';
import { currentUrl } from '../../../platform/location';
import { linkToShare } from '../../session/share/sharer';
import { liveShared, liveShareFailed, liveShareRequested } from './livesSlice';

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

export function* shareWorker(action: ReturnType<typeof liveShareRequested>) {
  const { liveId, title } = action.payload;
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

/** One share sheet at a time: taps while it is open are ignored. */
export function* watchLiveShare() {
  yield takeLeading(liveShareRequested.type, shareWorker);
}
