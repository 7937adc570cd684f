import { channel } from 'redux-saga';
import { expectSaga } from 'redux-saga-test-plan';
import * as matchers from 'redux-saga-test-plan/matchers';
import { dynamic, throwError } from 'redux-saga-test-plan/providers';

import { silentRunVirtually } from '../../../../lib/testing/virtual-time';
import { fakeServices } from '../../shared/__tests__/fixtures';
import { fetchSharedMaterial, forwardMaterial, postReadBeacons, recordShare } from '../api';
import {
  isPageVisible,
  materialsWatchers,
  pageEvents,
  randomKey,
  readLoop,
  sendLastBeacon,
} from '../store/materials-saga';
import {
  forwardRequested,
  materialsSlice,
  type MaterialsState,
  readerLoaded,
  readerOpened,
  readerScrolled,
  readerTicked,
} from '../store/materials-slice';

import { ApiError } from '@/api';
import type { ForwardResult, ShareMaterial } from '@/api/contract/market-map-materials';
import { customerShareFailed, customerShareRequested, customerShareSent } from '@/features/session';
import { currentContext } from '@/platform/context';
import { rootReducer } from '@/store';

const intent = {
  fileId: 4,
  customerIds: [7],
  channel: 'wecom_chat' as const,
  title: '红利低波',
  desc: '高股息',
  imgUrl: '',
};
const sent: ForwardResult = {
  sent: [{ customer_id: 7, forward_id: 31, token: 't'.repeat(32), link: 'http://x/readMaterial?token=ttt' }],
  refused: [],
  left_out: { count: 0, by_reason: {} },
};
const wecom = { workChat: true, webChat: false } as ReturnType<typeof currentContext>;
const browser = { workChat: false, webChat: false } as ReturnType<typeof currentContext>;
const services = { getContext: () => fakeServices() };

describe('sending a material', () => {
  it('in WeCom: the server decides, each tracked link goes out by the JS-SDK share, and the share is recorded', async () => {
    const record = jest.fn().mockReturnValue({ recorded: 1 });
    const { storeState } = await silentRunVirtually(
      expectSaga(materialsWatchers)
        .withReducer(rootReducer)
        .provide([
          [matchers.call.fn(randomKey), 'key-000000001'],
          [matchers.call.fn(forwardMaterial), sent],
          [matchers.call.fn(currentContext), wecom],
          [matchers.call.fn(recordShare), dynamic((e) => record(e.args[1]))],
          services,
        ])
        .dispatch(forwardRequested(intent))
        .put(customerShareRequested({ title: '红利低波', desc: '高股息', link: sent.sent[0]!.link, imgUrl: '' }))
        .delay(20)
        .dispatch(customerShareSent({ via: 'shareToExternalContact' })),
      80,
    );
    expect(record).toHaveBeenCalledWith({ forward_ids: [31], api: 'shareToExternalContact', ok: true });
    expect(storeState.materials!.send).toMatchObject({
      status: 'sent',
      shared: 'done',
      key: 'key-000000001',
      result: sent,
    });
  });

  it('refusals come back with their reasons; outside WeCom nothing is shared and the links are shown', async () => {
    const refused: ForwardResult = {
      sent: [],
      refused: [
        {
          customer_id: 8,
          display_name: '张*',
          reason_code: 'RISK_LEVEL_TOO_LOW',
          reason: '客户风险等级低于产品风险等级',
        },
      ],
      left_out: { count: 1, by_reason: { RISK_LEVEL_TOO_LOW: 1 } },
    };
    const { storeState, effects } = await silentRunVirtually(
      expectSaga(materialsWatchers)
        .withReducer(rootReducer)
        .provide([
          [matchers.call.fn(randomKey), 'key-000000002'],
          [matchers.call.fn(forwardMaterial), refused],
          [matchers.call.fn(currentContext), browser],
          services,
        ])
        .dispatch(forwardRequested({ ...intent, customerIds: [8] })),
      50,
    );
    expect(storeState.materials!.send).toMatchObject({
      status: 'sent',
      shared: 'skipped',
      result: { refused: [{ reason_code: 'RISK_LEVEL_TOO_LOW' }] },
    });
    expect(JSON.stringify(effects.put ?? [])).not.toContain(customerShareRequested.type);
  });

  it('a failed send keeps its key: the retry is the same send to the server', async () => {
    const forward = jest.fn().mockReturnValue(sent);
    const failed = await silentRunVirtually(
      expectSaga(materialsWatchers)
        .withReducer(rootReducer)
        .provide([
          [matchers.call.fn(randomKey), 'key-000000003'],
          [
            matchers.call.fn(forwardMaterial),
            throwError(new ApiError({ kind: 'network', message: '网络不可用' } as never)),
          ],
          services,
        ])
        .dispatch(forwardRequested(intent)),
      50,
    );
    expect(failed.storeState.materials!.send).toMatchObject({ status: 'failed', key: 'key-000000003' });
    await silentRunVirtually(
      expectSaga(materialsWatchers)
        .withReducer(rootReducer, failed.storeState)
        .provide([
          [matchers.call.fn(randomKey), 'another-key'],
          [matchers.call.fn(forwardMaterial), dynamic((e) => forward(e.args[1]))],
          [matchers.call.fn(currentContext), browser],
          services,
        ])
        .dispatch(forwardRequested(intent)),
      50,
    );
    expect(forward).toHaveBeenCalledWith(
      expect.objectContaining({ idempotency_key: 'key-000000003', customer_ids: [7] }),
    );
  });

  it('a WeCom share that fails is shown, the forward still stands', async () => {
    const { storeState } = await silentRunVirtually(
      expectSaga(materialsWatchers)
        .withReducer(rootReducer)
        .provide([
          [matchers.call.fn(randomKey), 'key-000000004'],
          [matchers.call.fn(forwardMaterial), sent],
          [matchers.call.fn(currentContext), wecom],
          [matchers.call.fn(recordShare), { recorded: 1 }],
          services,
        ])
        .dispatch(forwardRequested(intent))
        .delay(20)
        .dispatch(customerShareFailed({ message: '用户取消' })),
      80,
    );
    expect(storeState.materials!.send).toMatchObject({ status: 'sent', shared: 'failed', error: '用户取消' });
  });
});

describe('reading a tracked link', () => {
  const material = {
    kind: 'article',
    title: 't',
    html: '<p>x</p>',
    pdf_url: null,
    image_url: null,
    pages: null,
    review_no: 'r',
    products: [],
    disclosures: [],
    adviser: { name: 'a', qualification_no: 'F0000001' },
  } as ShareMaterial;
  const token = 'T'.repeat(32);

  it('seconds tick up, depth only grows, and an answer for another link is ignored', () => {
    let s: MaterialsState = materialsSlice.reducer(undefined, readerOpened({ token }));
    s = materialsSlice.reducer(s, readerLoaded({ token: 'other'.repeat(4), material }));
    expect(s.reader.status).toBe('loading');
    s = materialsSlice.reducer(s, readerLoaded({ token, material }));
    for (const a of [readerTicked(), readerTicked(), readerScrolled({ depth: 0.6 }), readerScrolled({ depth: 0.2 })])
      s = materialsSlice.reducer(s, a);
    expect([s.reader.seconds, s.reader.depth]).toEqual([2, 0.6]);
  });

  it('opens with a reading-session key, then beacons go out in batches and the rest by sendBeacon when the page is hidden', async () => {
    const post = jest.fn().mockReturnValue({ seconds: 1, max_scroll: 0 });
    const beacon = jest.fn().mockReturnValue(true);
    const fetched = jest.fn().mockReturnValue(material);
    const opened = await silentRunVirtually(
      expectSaga(materialsWatchers)
        .withReducer(rootReducer)
        .provide([
          [matchers.call.fn(randomKey), 'open-key-01'],
          [matchers.call.fn(fetchSharedMaterial), dynamic((e) => fetched(e.args[1], e.args[2]))],
          [matchers.call.fn(readLoop), undefined],
          services,
        ])
        .dispatch(readerOpened({ token })),
      50,
    );
    expect(fetched).toHaveBeenCalledWith(token, 'open-key-01');
    expect(opened.storeState.materials!.reader).toMatchObject({ status: 'loaded', openKey: 'open-key-01' });

    const scrolled = {
      ...opened.storeState,
      materials: materialsSlice.reducer(opened.storeState.materials, readerScrolled({ depth: 0.5 })),
    };
    const loop = (every: number, events = channel<'hidden' | 'visible'>()) =>
      silentRunVirtually(
        expectSaga(
          readLoop,
          { marketMap: { defaults: { baseURL: '/market_map_url' } } } as never,
          token,
          'open-key-01',
          every,
        )
          .withReducer(rootReducer, scrolled)
          .provide([
            [matchers.call.fn(pageEvents), events],
            [matchers.call.fn(isPageVisible), true],
            [matchers.call.fn(postReadBeacons), dynamic((e) => post(e.args[1]))],
            [matchers.call.fn(sendLastBeacon), dynamic((e) => beacon(e.args[0], e.args[1]))],
          ]),
        2300,
      );
    // Every second a batch: the first carries one visible second and the depth reached.
    await loop(1);
    expect(post).toHaveBeenCalledWith(
      expect.objectContaining({ token, open_key: 'open-key-01', beacons: [{ seconds: 1, depth: 0.5 }] }),
    );
    // Every five seconds: hidden after one second, what is pending goes by sendBeacon at once.
    const events = channel<'hidden' | 'visible'>();
    const running = loop(5, events);
    setTimeout(() => events.put('hidden'), 1500);
    await running;
    expect(beacon).toHaveBeenCalledWith(
      '/market_map_url/share/read',
      expect.objectContaining({ beacons: [{ seconds: 1, depth: 0.5 }] }),
    );
  }, 15_000);
});
