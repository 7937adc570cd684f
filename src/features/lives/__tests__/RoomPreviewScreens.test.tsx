import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Provider } from 'react-redux';
import { MemoryRouter, Route, Routes } from 'react-router-dom';

import type { ChatMessage } from '@/api/contract/chat-room';
import { ApiError } from '@/api/errors';
import { createAppStore } from '@/app/store/configure-app-store';
import { detail103, fakeServices } from '@/features/lives/__tests__/fixtures';
import { LeaveMessageForm } from '@/features/lives/components/room/LeaveMessageForm';
import LiveEndScreen from '@/features/lives/screens/LiveEndScreen';
import { liveDetailLoaded, liveScreenOpened, roomViewerIdentified } from '@/features/lives/store/live-room-slice';

const msg = (n: number, content: string): ChatMessage => ({
  id: `c${n}`,
  kind: 'chat',
  sender_name: `观众${n}`,
  sender_role: 'viewer',
  content,
  created_at: n,
});

function renderEnd(fetchRoomPreview: jest.Mock, list: ChatMessage[], status: 1 | 2 | 3 = 3) {
  const services = fakeServices({
    fetchDetail: jest.fn().mockResolvedValue({ ...detail103, status }),
    fetchStatistics: jest.fn().mockResolvedValue(null),
    fetchInteractLives: jest.fn().mockResolvedValue(null),
    fetchRoomPreview,
    fetchRoomMessages: jest.fn().mockResolvedValue({ room_id: 'room-103', list }),
  });
  render(
    <Provider store={createAppStore({ services })}>
      <MemoryRouter initialEntries={['/LiveEnd/103']}>
        <Routes>
          <Route path="/LiveEnd/:liveid" element={<LiveEndScreen />} />
        </Routes>
      </MemoryRouter>
    </Provider>,
  );
}

const summary = { room_id: 'room-103', num_index: 103, title: '直播 103', status: 3, onlines: 0, message_count: 12 };

describe('room preview on LiveEnd', () => {
  it('shows the latest messages as text, never as HTML', async () => {
    renderEnd(jest.fn().mockResolvedValue(summary), [msg(1, '第一条'), msg(2, '<b>加粗</b>')]);
    const section = await screen.findByTestId('room-preview');
    expect(await within(section).findByText('共 12 条互动，以下是最近的消息')).toBeInTheDocument();
    expect(within(section).getByText('<b>加粗</b>')).toBeInTheDocument();
    expect(section.querySelector('b')).toBeNull();
  });

  it('empty room says so; a failure offers a retry that loads it', async () => {
    const fetchRoomPreview = jest
      .fn()
      .mockRejectedValueOnce(new ApiError({ kind: 'network', detail: 'down' }))
      .mockResolvedValue(summary);
    renderEnd(fetchRoomPreview, []);
    const retry = await screen.findByTestId('room-preview-retry');
    expect(screen.getByText(/聊天室内容加载失败/)).toBeInTheDocument();
    await userEvent.click(retry);
    expect(await screen.findByText('本场直播没有聊天消息')).toBeInTheDocument();
    expect(fetchRoomPreview).toHaveBeenCalledTimes(2);
  });
});

describe('viewer near the leave-message box', () => {
  function renderForm(identified: boolean) {
    const store = createAppStore({ services: fakeServices() });
    store.dispatch(liveScreenOpened({ liveId: 103, screen: 'messages' }));
    store.dispatch(liveDetailLoaded({ detail: detail103, auth: null }));
    if (identified)
      store.dispatch(roomViewerIdentified({ room_id: 'room-103', nickname: '张三', avatar: '', role: 'customer' }));
    render(
      <Provider store={store}>
        <LeaveMessageForm />
      </Provider>,
    );
  }

  it('shows the nickname from user_detail', () => {
    renderForm(true);
    expect(screen.getByTestId('room-viewer')).toHaveTextContent('当前身份：张三');
  });

  it('shows nothing when the viewer is unknown', () => {
    renderForm(false);
    expect(screen.queryByTestId('room-viewer')).toBeNull();
  });
});

describe('an end-page link opened before the live is over', () => {
  const renderEndOf = (status: 1 | 2) => renderEnd(jest.fn().mockResolvedValue(null), [], status);

  it('a live still on: no replay or stats yet, the way into the room instead', async () => {
    renderEndOf(1);
    expect(await screen.findByText('直播正在进行，结束后可在此查看回放')).toBeInTheDocument();
    expect(screen.getByTestId('go-to-live')).toHaveAttribute('href', '/liveDetail/103');
    expect(screen.queryByTestId('watch-replay')).toBeNull();
  });

  it('a live not started: the way to its about page', async () => {
    renderEndOf(2);
    expect(await screen.findByTestId('go-to-live')).toHaveTextContent('查看直播介绍');
    expect(screen.getByTestId('go-to-live')).toHaveAttribute('href', '/about/103');
  });
});
