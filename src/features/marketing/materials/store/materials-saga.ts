import { type EventChannel, eventChannel } from 'redux-saga';
import { all, call, cancelled, delay, put, race, select, take, takeLatest, takeLeading } from 'redux-saga/effects';

import {
  fetchSharedMaterial,
  forwardMaterial,
  marketMapBase,
  postReadBeacons,
  recordShare,
  transformArticle,
} from '../api';
import {
  forwardDecided,
  forwardFailed,
  forwardKeyMade,
  forwardRequested,
  forwardShared,
  readerFailed,
  readerLoaded,
  readerOpened,
  readerStarted,
  type ReaderState,
  readerTicked,
  selectReader,
  selectSend,
  type SendState,
  transformFailed,
  transformLoaded,
  transformRequested,
} from './materials-slice';

import type { ForwardResult, MaterialDetail, ShareMaterial } from '@/api/contract/market-map-materials';
import type { Clients } from '@/features/marketing/details';
import { failureInfo, marketClients, NO_DATA, type ShareAnswer, shareThroughWecom } from '@/features/marketing/shared';
import { customerShareRequested } from '@/features/session';
import { currentContext, type RuntimeContext } from '@/platform/context';

/** Beacons go out every few seconds of reading; the last one by sendBeacon when the page is hidden or left. */
export const BEACON_EVERY_S = 5;
const MAX_BATCH = 20;

/** A random id for idempotency keys and reading sessions (crypto, not Math.random: they must not collide). */
export function randomKey(): string {
  const bytes = new Uint8Array(12);
  globalThis.crypto.getRandomValues(bytes);
  return Array.from(bytes, (b) => b.toString(36).padStart(2, '0'))
    .join('')
    .slice(0, 20);
}

function* errorMessage(error: unknown) {
  const info: { message: string } = yield call(failureInfo, error);
  return info.message;
}

/** Send: the server decides per customer (audited); in WeCom each tracked link then goes out by the JS-SDK. */
export function* forwardWorker(action: ReturnType<typeof forwardRequested>) {
  const { fileId, customerIds, channel, title, desc, imgUrl } = action.payload;
  try {
    const send: SendState = yield select(selectSend);
    let key = send.key;
    if (!key) {
      key = (yield call(randomKey)) as string;
      yield put(forwardKeyMade({ key }));
    }
    const clients: Clients = yield call(marketClients);
    const result: ForwardResult | null = yield call(forwardMaterial, clients, {
      fileId,
      customer_ids: customerIds,
      channel,
      idempotency_key: key,
    });
    if (!result) throw NO_DATA;
    const context: RuntimeContext = yield call(currentContext);
    yield put(forwardDecided({ result, share: context.workChat }));
    if (!context.workChat || result.sent.length === 0) return;
    let failure: string | null = null;
    let delivered = 0;
    const undelivered: number[] = [];
    for (const [i, sent] of result.sent.entries()) {
      // The session saga stops a WeCom that does not answer (SEND_TIMEOUT_MS): this wait always ends.
      const answer: ShareAnswer = yield call(
        shareThroughWecom,
        customerShareRequested({ title, desc, link: sent.link, imgUrl }),
      );
      try {
        yield call(recordShare, clients, {
          forward_ids: [sent.forward_id],
          api: answer.ok ? answer.via : 'shareToExternalContact',
          ok: answer.ok,
          ...(answer.ok ? {} : { reason: answer.code }),
        });
      } catch {
        // The record is for the trail; the send itself stands.
      }
      if (answer.ok) {
        delivered += 1;
        continue;
      }
      failure = answer.reason;
      // The ones not tried after a cancel were never sent: their contacts go back too.
      const rest = result.sent.slice(i + 1);
      undelivered.push(sent.customer_id, ...rest.map((s) => s.customer_id));
      if (rest.length) {
        try {
          yield call(recordShare, clients, {
            forward_ids: rest.map((s) => s.forward_id),
            api: 'notAttempted',
            ok: false,
            reason: 'NOT_ATTEMPTED',
          });
        } catch {
          // Unrecorded, the server gives them back after its hold.
        }
      }
      break;
    }
    yield put(
      forwardShared(
        failure ? { ok: false, message: failure, delivered, undelivered } : { ok: true, delivered, undelivered },
      ),
    );
  } catch (error) {
    yield put(forwardFailed({ message: (yield call(errorMessage, error)) as string }));
  }
}

export function* transformWorker(action: ReturnType<typeof transformRequested>) {
  try {
    const clients: Clients = yield call(marketClients);
    const material: MaterialDetail | null = yield call(transformArticle, clients, action.payload);
    if (!material) throw NO_DATA;
    yield put(transformLoaded({ material }));
  } catch (error) {
    yield put(transformFailed({ message: (yield call(errorMessage, error)) as string }));
  }
}

type PageEvent = 'hidden' | 'visible';
/** Visibility and pagehide of the page: hidden or left means "send what you have now". */
export function pageEvents(): EventChannel<PageEvent> {
  return eventChannel<PageEvent>((emit) => {
    const onVisibility = () => emit(document.visibilityState === 'hidden' ? 'hidden' : 'visible');
    const onHide = () => emit('hidden');
    document.addEventListener('visibilitychange', onVisibility);
    window.addEventListener('pagehide', onHide);
    return () => {
      document.removeEventListener('visibilitychange', onVisibility);
      window.removeEventListener('pagehide', onHide);
    };
  });
}

export const isPageVisible = () => typeof document === 'undefined' || document.visibilityState !== 'hidden';
const inWechat = () => currentContext().webChat;

/** The last beacon of a closing tab: sendBeacon outlives the page (text/plain: no preflight). */
export function sendLastBeacon(url: string, body: object): boolean {
  return typeof navigator.sendBeacon === 'function' && navigator.sendBeacon(url, JSON.stringify(body));
}

/** While the page is open: a second of reading per visible second, a batch every few seconds, the rest on hide. */
export function* readLoop(clients: Clients, token: string, openKey: string, everySeconds = BEACON_EVERY_S) {
  const channel: EventChannel<PageEvent> = yield call(pageEvents);
  let visible: boolean = yield call(isPageVisible);
  let batch: Array<{ seconds: number; depth: number }> = [];
  let last = '';
  const body = (beacons: typeof batch) => ({
    token,
    open_key: openKey,
    in_wechat: inWechat(),
    beacons: beacons.slice(-MAX_BATCH),
  });
  try {
    for (;;) {
      const { event }: { event?: PageEvent } = yield race({ event: take(channel), tick: delay(1000) });
      if (event) {
        visible = event === 'visible';
        if (!visible && batch.length) {
          yield call(sendLastBeacon, `${marketMapBase(clients)}/share/read`, body(batch));
          batch = [];
        }
        continue;
      }
      if (!visible) continue;
      yield put(readerTicked());
      const r: ReaderState = yield select(selectReader);
      const sample = { seconds: r.seconds, depth: Math.round(r.depth * 1000) / 1000 };
      if (`${sample.seconds}|${sample.depth}` !== last) batch.push(sample);
      last = `${sample.seconds}|${sample.depth}`;
      if (r.seconds % everySeconds === 0 && batch.length) {
        const sending = batch;
        batch = [];
        try {
          yield call(postReadBeacons, clients, body(sending));
        } catch {
          // Kept for the next batch: seconds and depth only grow, so a late copy is harmless.
          batch = [...sending, ...batch];
        }
      }
    }
  } finally {
    if (((yield cancelled()) as boolean) && batch.length)
      yield call(sendLastBeacon, `${marketMapBase(clients)}/share/read`, body(batch));
    channel.close();
  }
}

export function* readerWorker(action: ReturnType<typeof readerOpened>) {
  const { token } = action.payload;
  const r: ReaderState = yield select(selectReader);
  if (r.status !== 'loading' || r.token !== token) return;
  const openKey: string = yield call(randomKey);
  yield put(readerStarted({ token, openKey }));
  let clients: Clients;
  try {
    clients = yield call(marketClients);
    const material: ShareMaterial | null = yield call(fetchSharedMaterial, clients, token, openKey);
    if (!material) throw NO_DATA;
    yield put(readerLoaded({ token, material }));
  } catch (error) {
    yield put(readerFailed({ token, message: (yield call(errorMessage, error)) as string }));
    return;
  }
  yield call(readLoop, clients, token, openKey);
}

export function* materialsWatchers() {
  yield all([
    takeLeading(forwardRequested.type, forwardWorker),
    takeLatest(transformRequested.type, transformWorker),
    takeLatest(readerOpened.type, readerWorker),
  ]);
}
