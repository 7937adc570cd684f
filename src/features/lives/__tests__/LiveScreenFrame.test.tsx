import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Provider } from 'react-redux';
import { MemoryRouter, Route, Routes } from 'react-router-dom';

import { ErrorCode } from '@/api/contract/codes';
import { ApiError } from '@/api/errors';
import { createAppStore } from '@/app/store/configure-app-store';
import { detail103, fakeServices } from '@/features/lives/__tests__/fixtures';
import AboutScreen from '@/features/lives/screens/AboutScreen';
import SummaryViewScreen from '@/features/lives/screens/SummaryViewScreen';

/** What a person sees on a live screen opened from a bad or stale link, and the way out offered. */
function open(url: string, fetchDetail: jest.Mock = jest.fn().mockResolvedValue(detail103)) {
  render(
    <Provider
      store={createAppStore({
        services: fakeServices({ fetchDetail, fetchLiveState: jest.fn().mockResolvedValue(null) }),
      })}
    >
      <MemoryRouter initialEntries={[url]}>
        <Routes>
          <Route path="/about/:liveid" element={<AboutScreen />} />
          <Route path="/summaryView" element={<SummaryViewScreen />} />
          <Route path="/" element={<p>直播列表页</p>} />
        </Routes>
      </MemoryRouter>
    </Provider>,
  );
  return fetchDetail;
}

test('a link without an id says it is incomplete and links to the list; nothing is fetched', async () => {
  const fetchDetail = open('/summaryView');
  expect(screen.getByText('链接不完整')).toBeInTheDocument();
  expect(screen.getByText('链接缺少直播编号，请从直播列表或分享消息重新打开')).toBeInTheDocument();
  await userEvent.click(screen.getByRole('link', { name: '查看直播列表' }));
  expect(screen.getByText('直播列表页')).toBeInTheDocument();
  expect(fetchDetail).not.toHaveBeenCalled();
});

test('a garbled id is named as wrong, not as missing', () => {
  const fetchDetail = open('/about/12ab');
  expect(screen.getByText('链接有误')).toBeInTheDocument();
  expect(screen.getByText('链接中的直播编号“12ab”无效，请从直播列表或分享消息重新打开')).toBeInTheDocument();
  expect(fetchDetail).not.toHaveBeenCalled();
});

test('a live that does not exist offers the list, not a retry that cannot help', async () => {
  open('/about/999999', jest.fn().mockRejectedValue(new ApiError({ kind: 'business', code: ErrorCode.notFound })));
  expect(await screen.findByText('直播不存在或已下线')).toBeInTheDocument();
  expect(screen.getByRole('link', { name: '查看直播列表' })).toBeInTheDocument();
  expect(screen.queryByRole('button', { name: '重新加载' })).toBeNull();
});

test('a network failure offers a retry that loads the live', async () => {
  const fetchDetail = jest
    .fn()
    .mockRejectedValueOnce(new ApiError({ kind: 'network' }))
    .mockResolvedValue(detail103);
  open('/about/103', fetchDetail);
  expect(await screen.findByText('直播信息加载失败')).toBeInTheDocument();
  await userEvent.click(screen.getByRole('button', { name: '重新加载' }));
  expect(await screen.findByText(detail103.title)).toBeInTheDocument();
  expect(fetchDetail).toHaveBeenCalledTimes(2);
});
