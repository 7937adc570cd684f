import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactElement } from 'react';
import { Provider } from 'react-redux';
import { MemoryRouter } from 'react-router-dom';

import { ApiError } from '@/api/errors';
import { createAppStore } from '@/app/store/configure-app-store';
import FollowScreen from '@/features/helpers/screens/FollowScreen';
import JumpToMeetingScreen from '@/features/helpers/screens/JumpToMeetingScreen';
import JumpToMiniScreen from '@/features/helpers/screens/JumpToMiniScreen';
import TestScreen from '@/features/helpers/screens/TestScreen';
import { helpersSaga } from '@/features/helpers/store/helpers-saga';
import { fakeAuth, fakeServices } from '@/features/session/__tests__/fakes';
import * as location from '@/platform/location';
import { StorageKey } from '@/platform/storage';

function renderAt(url: string, ui: ReactElement, auth = fakeAuth()) {
  // Only the helpers' saga: the session flows are not under test here.
  const store = createAppStore({ services: fakeServices(auth, 1_750_000_000_000), sagas: { helpers: helpersSaga } });
  render(
    <Provider store={store}>
      <MemoryRouter initialEntries={[url]}>{ui}</MemoryRouter>
    </Provider>,
  );
  return store;
}

beforeEach(() => localStorage.clear());

describe('/test diagnostics', () => {
  it('shows environment, context, version and every storage key masked', async () => {
    localStorage.setItem('token', 'tok-abcdef123456');
    renderAt('/test', <TestScreen />);
    expect(await screen.findByText('local')).toBeInTheDocument();
    expect(screen.getByText(/浏览器 · 电脑/)).toBeInTheDocument();
    expect(screen.getByText('to********56（16位）')).toBeInTheDocument();
    expect(screen.queryByText(/abcdef/)).not.toBeInTheDocument();
    // Every storage key but the token is listed as not stored.
    expect(screen.getAllByText('（未存储）')).toHaveLength(Object.keys(StorageKey).length - 1);
    expect(screen.getByRole('button', { name: '刷新' })).toBeInTheDocument();
  });
});

describe('/jumpToMini', () => {
  it('asks for the scheme of the page, then opens it on tap', async () => {
    const redirect = jest.spyOn(location, 'redirectTo').mockImplementation(() => undefined);
    const auth = fakeAuth({
      generateScheme: jest.fn().mockResolvedValue({ openlink: 'weixin://dl/business/?t=abc123', expire_time: 1 }),
    });
    renderAt('/jumpToMini?path=pages/live/index&query=id%3D7', <JumpToMiniScreen />, auth);
    const button = await screen.findByRole('button', { name: '打开小程序' });
    expect(auth.generateScheme).toHaveBeenCalledWith('pages/live/index', 'id=7');
    await screen.findByText('点击下方按钮，在微信中打开小程序');
    await userEvent.click(button);
    expect(redirect).toHaveBeenCalledWith('weixin://dl/business/?t=abc123');
    redirect.mockRestore();
  });

  it('a failure shows the message and a retry that asks again', async () => {
    const generateScheme = jest
      .fn()
      .mockRejectedValueOnce(new ApiError({ kind: 'network' }))
      .mockResolvedValue({ openlink: 'weixin://dl/business/?t=x', expire_time: 1 });
    renderAt('/jumpToMini', <JumpToMiniScreen />, fakeAuth({ generateScheme }));
    expect(await screen.findByText('网络连接失败，请检查网络后重试')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: '重试' }));
    expect(await screen.findByText('点击下方按钮，在微信中打开小程序')).toBeInTheDocument();
    expect(generateScheme).toHaveBeenLastCalledWith('pages/index/index', undefined);
  });

  it('a malformed page path is refused without a request', async () => {
    const auth = fakeAuth({ generateScheme: jest.fn() });
    renderAt('/jumpToMini?path=javascript:alert(1)', <JumpToMiniScreen />, auth);
    expect(await screen.findByText('小程序页面地址无效，请从正确的链接重新打开')).toBeInTheDocument();
    expect(auth.generateScheme).not.toHaveBeenCalled();
  });
});

describe('/jumpToMeeting', () => {
  it('a meeting number gives a join link', () => {
    renderAt('/jumpToMeeting?id=123-456-789', <JumpToMeetingScreen />);
    expect(screen.getByRole('link', { name: '加入会议' })).toHaveAttribute(
      'href',
      'wemeet://page/inmeeting?meeting_code=123456789',
    );
  });

  it.each([
    ['/jumpToMeeting', '链接缺少会议号，请从会议邀请重新打开'],
    ['/jumpToMeeting?id=12ab', '会议号应为9-12位数字，请检查后重试'],
    ['/jumpToMeeting?url=http://evil.example.com/x', '不支持的会议链接，请使用腾讯会议或企业微信会议的链接'],
  ])('%s → a clear error', (url, message) => {
    renderAt(url, <JumpToMeetingScreen />);
    expect(screen.getByText(message)).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: '加入会议' })).not.toBeInTheDocument();
  });

  it('an https link on a meeting host is offered as it is', () => {
    renderAt(`/jumpToMeeting?url=${encodeURIComponent('https://meeting.tencent.com/dm/AbC')}`, <JumpToMeetingScreen />);
    expect(screen.getByRole('link', { name: '加入会议' })).toHaveAttribute(
      'href',
      'https://meeting.tencent.com/dm/AbC',
    );
  });
});

describe('/follow', () => {
  it('shows the account name, its QR code from the static host and instructions', async () => {
    renderAt('/follow', <FollowScreen />);
    expect(await screen.findByRole('heading', { name: '关注「财富直播服务号」' })).toBeInTheDocument();
    expect(screen.getByRole('img', { name: '财富直播服务号二维码' })).toHaveAttribute(
      'src',
      '/static/follow/qrcode.svg',
    );
    expect(screen.getByText(/长按上方二维码/)).toBeInTheDocument();
  });
});
