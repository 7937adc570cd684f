import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Provider } from 'react-redux';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import { createAppStore } from '../../../app/store/configureAppStore';
import type { SagaServices } from '../../../app/store/services';
import HomeScreen from '../screens/HomeScreen';
import { ended, liveNow, upcomingOpen, upcomingSubscribed } from './fixtures';

function Where() {
  const location = useLocation();
  return <output data-testid="where">{location.pathname + location.search}</output>;
}

function renderHome(fetch: jest.Mock, url = '/?uuid=u1&date=2026-11-22') {
  const services: SagaServices = { api: { lives: { fetchLivesByCategory: fetch, fetchLiveState: jest.fn() } }, navigate: jest.fn(), currentPath: () => '/', now: () => 0 };
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
  it('shows a skeleton, then every status as spec §2 describes', async () => {
    renderHome(jest.fn().mockResolvedValue(page([liveNow, upcomingSubscribed, upcomingOpen, ended])));
    expect(screen.getByRole('status', { name: '正在加载直播列表' })).toBeInTheDocument();

    const live = await screen.findByTestId('live-101');
    expect(within(live).getByText('直播中')).toBeInTheDocument();
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
    const fetch = jest.fn().mockResolvedValueOnce(null).mockResolvedValueOnce(page([ended]));
    renderHome(fetch);
    expect(await screen.findByText('直播列表加载失败')).toBeInTheDocument();
    expect(screen.getByText('网络连接失败，请检查网络后重试')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: /重新加载/ }));
    expect(await screen.findByTestId('live-104')).toBeInTheDocument();
    expect(fetch).toHaveBeenCalledTimes(2);
  });

  it('explains a link without a user id instead of loading', async () => {
    const fetch = jest.fn();
    renderHome(fetch, '/?date=2026-11-22');
    expect(await screen.findByText('链接不完整')).toBeInTheDocument();
    await act(async () => undefined);
    expect(fetch).not.toHaveBeenCalled();
  });

  it('sends no date when the address has an impossible one', async () => {
    const fetch = jest.fn().mockResolvedValue(page([]));
    renderHome(fetch, '/?uuid=u1&date=2026-02-30&from=weapp');
    await screen.findByText('暂无直播');
    expect(fetch.mock.calls[0][0]).not.toHaveProperty('date');
  });
});
