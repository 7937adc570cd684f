import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Provider } from 'react-redux';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';

import { createAppStore } from '@/app/store/configure-app-store';
import { ended, fakeServices, liveNow, upcomingOpen, upcomingSubscribed } from '@/features/lives/__tests__/fixtures';
import HomeScreen from '@/features/lives/screens/HomeScreen';
import type { SagaServices } from '@/store';

function Where() {
  const location = useLocation();
  return <output data-testid="where">{location.pathname + location.search}</output>;
}

function renderHome(fetch: jest.Mock, url = '/?uuid=u1&date=2026-11-22', subscribe: jest.Mock = jest.fn()) {
  const services: SagaServices = fakeServices({
    fetchLivesByCategory: fetch,
    fetchRoomOnline: jest.fn().mockResolvedValue({ items: [] }),
    subscribe,
  });
  const store = createAppStore({ services });
  render(
    <Provider store={store}>
      <MemoryRouter initialEntries={[url]}>
        <Routes>
          <Route path="/" element={<HomeScreen />} />
          <Route path="*" element={<p>other page</p>} />
        </Routes>
        <Where />
      </MemoryRouter>
    </Provider>,
  );
  return store;
}

const page = (list: unknown[]) => ({ list, total: list.length, page: 1, page_size: 20 });

describe('HomeScreen', () => {
  // The cancel dialog's module loads on the first cancel. Loaded here first: under jest its first import (the UI
  // kit's dialog, transformed on the spot) took over a second on a busy machine, longer than a query waits, and a
  // test of what a tap means failed on how long a module takes to load.
  beforeAll(() => import('@/features/lives/components/confirm-dialog'));

  it('shows a skeleton, then every status as docs/rules/routes-and-screens.md#home describes', async () => {
    renderHome(jest.fn().mockResolvedValue(page([liveNow, upcomingSubscribed, upcomingOpen, ended])));
    expect(screen.getByRole('status', { name: '正在加载直播列表' })).toBeInTheDocument();

    // The list first shows inside the Suspense fallback, then again inside the lazily loaded
    // gestures wrapper: wait for the rows to settle, then query the cards afresh.
    await waitFor(() => expect(within(screen.getByTestId('live-101')).getByText('直播中')).toBeInTheDocument());
    const live = screen.getByTestId('live-101');
    expect(within(live).getByText('12,345人在线')).toBeInTheDocument();
    expect(within(live).getByText('宏观策略：四季度资产配置')).toBeInTheDocument();
    expect(within(live).getByText('王磊，李静')).toBeInTheDocument();

    const subscribed = screen.getByTestId('live-102');
    expect(within(subscribed).getByText('已预约')).toBeInTheDocument();
    expect(within(subscribed).getByText('11-22 19:30 开播')).toBeInTheDocument();
    expect(within(subscribed).getByText('1,024人预约')).toBeInTheDocument();
    expect(within(screen.getByTestId('live-103')).getByText('未预约')).toBeInTheDocument();

    const over = screen.getByTestId('live-104');
    expect(within(over).getByText('已结束')).toBeInTheDocument();
    expect(within(over).getByText('2,500,000次回放')).toBeInTheDocument();
  });

  it('adds from=weapp to an address without it, and keeps an existing from', async () => {
    renderHome(jest.fn().mockResolvedValue(page([])));
    expect(await screen.findByTestId('where')).toHaveTextContent('/?uuid=u1&date=2026-11-22&from=weapp');
  });

  it('links ended lives to LiveEnd and the others to about with from=weapp', async () => {
    renderHome(jest.fn().mockResolvedValue(page([liveNow, ended])), '/?uuid=u1&from=share');
    expect(await screen.findByTestId('live-104')).toHaveAttribute('href', '/LiveEnd/104');
    expect(screen.getByTestId('live-101')).toHaveAttribute('href', '/about/101?from=weapp');
    await userEvent.click(screen.getByTestId('live-104'));
    expect(screen.getByTestId('where')).toHaveTextContent('/LiveEnd/104');
  });

  it('says there are no lives when the list is empty', async () => {
    renderHome(jest.fn().mockResolvedValue(page([])));
    expect(await screen.findByText('暂无直播')).toBeInTheDocument();
  });

  it('shows an error with a retry that loads again', async () => {
    const fetch = jest
      .fn()
      .mockResolvedValueOnce(null)
      .mockResolvedValueOnce(page([ended]));
    renderHome(fetch);
    expect(await screen.findByText('直播列表加载失败')).toBeInTheDocument();
    expect(screen.getByText('网络连接失败，请检查网络后重试')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: /重新加载/ }));
    expect(await screen.findByTestId('live-104')).toBeInTheDocument();
    expect(fetch).toHaveBeenCalledTimes(2);
  });

  it('does not rewrite the address once the browser has left the list (a back before the list rendered)', async () => {
    window.history.pushState({}, '', '/LeaveMessagePage?liveid=1');
    try {
      renderHome(jest.fn().mockResolvedValue(page([liveNow])), '/?uuid=u1');
      await screen.findByTestId('live-101');
      expect(screen.getByTestId('where')).toHaveTextContent(/^\/\?uuid=u1$/);
    } finally {
      window.history.pushState({}, '', '/');
    }
  });

  it('a link without a user id lists lives for this device instead of a dead end', async () => {
    localStorage.clear();
    const fetch = jest.fn().mockResolvedValue(page([liveNow]));
    renderHome(fetch, '/?date=2026-11-22');
    expect(await screen.findByTestId('live-101')).toBeInTheDocument();
    expect(screen.queryByText('链接不完整')).toBeNull();
    expect(fetch.mock.calls[0][0]).toMatchObject({ employee_id: localStorage.getItem('uuids') });
  });

  it('sends no date when the address has an impossible one', async () => {
    const fetch = jest.fn().mockResolvedValue(page([]));
    renderHome(fetch, '/?uuid=u1&date=2026-02-30&from=weapp');
    await screen.findByText('暂无直播');
    expect(fetch.mock.calls[0][0]).not.toHaveProperty('date');
  });

  it('subscribes from the list at once, sends one request for a double tap, and does not open the card', async () => {
    // Only a signed-in person subscribes: an SMS sign-in, so the reminder goes by SMS.
    localStorage.setItem('userinfos', JSON.stringify({ employee_id: 'C0004', real_name: '周敏' }));
    let answer: (value: unknown) => void = () => undefined;
    const subscribe = jest.fn().mockReturnValue(new Promise((resolve) => (answer = resolve)));
    renderHome(jest.fn().mockResolvedValue(page([upcomingOpen, ended])), '/?uuid=u1&from=weapp', subscribe);
    const button = await screen.findByTestId('subscribe-103');
    expect(button).toHaveTextContent('预约');
    expect(screen.queryByTestId('subscribe-104')).toBeNull();

    await userEvent.dblClick(button);
    const card = screen.getByTestId('live-103');
    expect(within(card).getByText('已预约')).toBeInTheDocument();
    expect(within(card).getByText('8人预约')).toBeInTheDocument();
    expect(screen.getByTestId('subscribe-103')).toHaveTextContent('已预约');
    expect(screen.getByTestId('subscribe-103')).toHaveAttribute('aria-busy', 'true');
    expect(screen.getByTestId('where')).toHaveTextContent('/?uuid=u1&from=weapp');
    expect(subscribe).toHaveBeenCalledTimes(1);
    expect(subscribe.mock.calls[0][0]).toBe('liveApp');
    expect(subscribe.mock.calls[0][1]).toMatchObject({ num_index: 103 });
    expect(subscribe.mock.calls[0][1]).not.toHaveProperty('is_subscribe');

    await act(async () => answer({ num_index: 103, is_subscribe: 1, subscribe_number: 8 }));
    expect(await screen.findByTestId('home-notice')).toHaveTextContent('预约成功，开播前将短信提醒您');
    expect(screen.getByTestId('subscribe-103')).not.toHaveAttribute('aria-busy');
  });

  it('a second tap within 500 ms of subscribing is the rest of a double tap; at 500 ms it asks to cancel', async () => {
    localStorage.setItem('userinfos', JSON.stringify({ employee_id: 'C0004', real_name: '周敏' }));
    const subscribe = jest.fn().mockResolvedValue({ num_index: 103, is_subscribe: 1, subscribe_number: 8 });
    renderHome(jest.fn().mockResolvedValue(page([upcomingOpen])), '/?uuid=u1&from=weapp', subscribe);
    const button = await screen.findByTestId('subscribe-103');
    const now = jest.spyOn(Date, 'now').mockReturnValue(1_000_000);
    try {
      fireEvent.click(button);
      // Answered before the second tap arrives: nothing is in flight any more.
      expect(await screen.findByTestId('home-notice')).toHaveTextContent('预约成功');
      expect(screen.getByTestId('subscribe-103')).not.toHaveAttribute('aria-busy');
      now.mockReturnValue(1_000_499);
      fireEvent.click(screen.getByTestId('subscribe-103'));
      await act(async () => undefined);
      expect(screen.queryByRole('button', { name: '保留预约' })).toBeNull();
      now.mockReturnValue(1_000_500);
      fireEvent.click(screen.getByTestId('subscribe-103'));
      expect(await screen.findByRole('button', { name: '保留预约' })).toBeInTheDocument();
      expect(subscribe).toHaveBeenCalledTimes(1);
    } finally {
      now.mockRestore();
    }
  });

  it('cancels from the list and rolls back with a clear message when the call fails', async () => {
    localStorage.setItem('userinfos', JSON.stringify({ employee_id: 'C0004', real_name: '周敏' }));
    const subscribe = jest.fn().mockResolvedValue(null);
    renderHome(jest.fn().mockResolvedValue(page([upcomingSubscribed])), '/?uuid=u1&from=weapp', subscribe);
    const button = await screen.findByTestId('subscribe-102');
    expect(button).toHaveTextContent('已预约');
    // Cancelling asks first: keeping the booking sends nothing.
    await userEvent.click(button);
    // The dialog animates in with pointer-events off: a direct click, as a finger after the animation.
    fireEvent.click(await screen.findByRole('button', { name: '保留预约' }));
    await act(async () => undefined);
    expect(subscribe).not.toHaveBeenCalled();
    fireEvent.click(button);
    // The closing dialog may still be in the DOM while it animates out: the newest one is last.
    await waitFor(async () => {
      fireEvent.click((await screen.findAllByRole('button', { name: '取消预约' })).at(-1)!);
      expect(subscribe).toHaveBeenCalled();
    });

    expect(await screen.findByRole('alert')).toHaveTextContent(
      '操作未成功，已恢复原状态：网络连接失败，请检查网络后重试',
    );
    const card = screen.getByTestId('live-102');
    expect(within(card).getByText('已预约')).toBeInTheDocument();
    expect(within(card).getByText('1,024人预约')).toBeInTheDocument();
    expect(subscribe.mock.calls[0][1]).toMatchObject({ num_index: 102, is_subscribe: 0 });

    await userEvent.click(screen.getByRole('button', { name: '关闭提示' }));
    expect(screen.queryByRole('alert')).toBeNull();
  }, 20_000);
});
