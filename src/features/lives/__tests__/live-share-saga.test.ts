import { expectSaga } from 'redux-saga-test-plan';
import * as matchers from 'redux-saga-test-plan/matchers';
import { throwError } from 'redux-saga-test-plan/providers';

import { silentRunVirtually } from '../../../lib/testing/virtual-time';
import { currentContext, detectContext } from '../../../platform/context';
import { currentUrl } from '../../../platform/location';
import { watchLiveShare } from '../store/live-share-saga';
import { shareOrCopy } from '../store/live-share-worker';
import { liveShared, liveShareFailed, liveShareRequested } from '../store/lives-slice';

import { customerShareRequested, customerShareSent } from '@/features/session';
import { rootReducer } from '@/store';

const URL_ = 'http://localhost/about/103?from=weapp';

describe('live share saga', () => {
  it('shares the page address and says so', async () => {
    const { storeState } = await silentRunVirtually(
      expectSaga(watchLiveShare)
        .withReducer(rootReducer)
        .provide([
          [matchers.call.fn(currentUrl), URL_],
          [matchers.call.fn(shareOrCopy), 'shared'],
        ])
        .call(shareOrCopy, '宏观策略', URL_)
        .put(liveShared({ liveId: 103, copied: false }))
        .dispatch(liveShareRequested({ liveId: 103, title: '宏观策略' })),
      20,
    );
    expect(storeState.lives.notice).toEqual({ liveId: 103, tone: 'success', text: '已分享' });
  });

  it('a copied link and a failed share each get their notice', async () => {
    const copied = await silentRunVirtually(
      expectSaga(watchLiveShare)
        .withReducer(rootReducer)
        .provide([
          [matchers.call.fn(currentUrl), URL_],
          [matchers.call.fn(shareOrCopy), 'copied'],
        ])
        .dispatch(liveShareRequested({ liveId: 103, title: 't' })),
      20,
    );
    expect(copied.storeState.lives.notice?.text).toBe('链接已复制，可粘贴发送给好友');

    const failed = await silentRunVirtually(
      expectSaga(watchLiveShare)
        .withReducer(rootReducer)
        .provide([
          [matchers.call.fn(currentUrl), URL_],
          [matchers.call.fn(shareOrCopy), throwError(new Error('AbortError'))],
        ])
        .put(liveShareFailed({ liveId: 103 }))
        .dispatch(liveShareRequested({ liveId: 103, title: 't' })),
      20,
    );
    expect(failed.storeState.lives.notice).toEqual({
      liveId: 103,
      tone: 'error',
      text: '未能分享，请使用右上角菜单分享',
    });
  });
});

describe('shareOrCopy', () => {
  const nav = navigator as unknown as { share?: unknown; clipboard?: unknown };
  afterEach(() => {
    delete nav.share;
    delete nav.clipboard;
  });

  it('uses the share sheet where there is one', async () => {
    const share = jest.fn().mockResolvedValue(undefined);
    Object.defineProperty(navigator, 'share', { value: share, configurable: true });
    await expect(shareOrCopy('t', URL_)).resolves.toBe('shared');
    expect(share).toHaveBeenCalledWith({ title: 't', url: URL_ });
  });

  it('else copies the link, and rejects when neither exists', async () => {
    const writeText = jest.fn().mockResolvedValue(undefined);
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    await expect(shareOrCopy('t', URL_)).resolves.toBe('copied');
    expect(writeText).toHaveBeenCalledWith(URL_);
    delete nav.clipboard;
    await expect(shareOrCopy('t', URL_)).rejects.toThrow();
  });

  it('inside WeChat shows the ··· guide instead of copying', async () => {
    const wechat = detectContext({
      userAgent: 'Mozilla/5.0 (iPhone) Mobile MicroMessenger/8.0',
      search: '',
      cookie: '',
    });
    const { storeState } = await silentRunVirtually(
      expectSaga(watchLiveShare)
        .withReducer(rootReducer)
        .provide([
          [matchers.call.fn(currentContext), wechat],
          [matchers.call.fn(shareOrCopy), 'copied'],
        ])
        .not.call.fn(shareOrCopy)
        .dispatch(liveShareRequested({ liveId: 103, title: 't' })),
      20,
    );
    expect(storeState.lives.shareGuide).toBe(true);
  });

  it("inside WeCom sends to a customer through the session share saga, with a link free of the sharer's uuid", async () => {
    const wecom = detectContext({
      userAgent: 'Mozilla/5.0 (Linux; Android 14) Mobile wxwork/4.1.22 MicroMessenger/7.0.1',
      search: '',
      cookie: '',
    });
    await silentRunVirtually(
      expectSaga(watchLiveShare)
        .withReducer(rootReducer)
        .provide([
          [matchers.call.fn(currentContext), wecom],
          [matchers.call.fn(currentUrl), `${URL_}&uuid=E0001`],
        ])
        .put(customerShareRequested({ title: 't', desc: '财富直播，点击观看', link: URL_, imgUrl: '' }))
        .put(liveShared({ liveId: 103, copied: false }))
        .dispatch(liveShareRequested({ liveId: 103, title: 't' }))
        .dispatch(customerShareSent({ via: 'shareToExternalContact' })),
      20,
    );
  });
});
