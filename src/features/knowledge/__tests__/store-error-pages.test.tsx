import { render, screen } from '@testing-library/react';
import axios from 'axios';
import type { ComponentType } from 'react';
import { Provider } from 'react-redux';
import { MemoryRouter } from 'react-router-dom';

import { createAppStore } from '@/app/store/configure-app-store';
import ArticleDetailScreen from '@/features/knowledge/screens/ArticleDetailScreen';
import ContentRecognitionScreen from '@/features/knowledge/screens/ContentRecognitionScreen';
import CoreMemberDetailScreen from '@/features/knowledge/screens/CoreMemberDetailScreen';
import FundDetailScreen from '@/features/knowledge/screens/FundDetailScreen';
import QuestionDetailScreen from '@/features/knowledge/screens/QuestionDetailScreen';
import ShopIndexScreen from '@/features/knowledge/screens/ShopIndexScreen';
import { knowledgeSaga } from '@/features/knowledge/store/knowledge-saga';
import { fakeAuth, fakeServices } from '@/features/session/__tests__/fakes';

/** A store page that cannot show what was asked for is never a dead end: it always leads back to the store home. */
function renderAt(url: string, Screen: ComponentType) {
  const store = createAppStore({
    services: fakeServices(fakeAuth(), 1_750_000_000_000),
    sagas: { knowledge: knowledgeSaga },
  });
  render(
    <Provider store={store}>
      <MemoryRouter initialEntries={[url]}>
        <Screen />
      </MemoryRouter>
    </Provider>,
  );
}

const wayBack = async () => (await screen.findByRole('link', { name: '返回商城首页' })).getAttribute('href');

describe('store error pages', () => {
  it.each<[string, ComponentType]>([
    ['/articleDetail', ArticleDetailScreen],
    ['/questionDetail?id=abc', QuestionDetailScreen],
    ['/fundDetail', FundDetailScreen],
    ['/coreMemberDetail?id=0', CoreMemberDetailScreen],
    ['/contentRecognition', ContentRecognitionScreen],
    ['/contentRecognition?id=-3', ContentRecognitionScreen],
  ])('%s, a link without a usable id, says so and leads back to the store home', async (url, Screen) => {
    renderAt(url, Screen);
    expect(await screen.findByText('链接无效')).toBeInTheDocument();
    expect(await wayBack()).toBe('/shopIndex');
  });

  it('a page whose load failed offers 重试 and the way back', async () => {
    renderAt('/shopIndex', ShopIndexScreen);
    expect(await screen.findByText('加载失败')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: '重试' })).toBeInTheDocument();
    expect(await wayBack()).toBe('/shopIndex');
  });

  it('an item the server does not have says so, with the way back and no 重试 (trying again cannot help)', async () => {
    const notFound = { error: { code: 100405, message: '产品不存在' }, data: null };
    const liveService = axios.create({
      adapter: async (config) => ({ data: notFound, status: 200, statusText: 'OK', headers: {}, config }),
    });
    const services = { ...fakeServices(fakeAuth(), 1_750_000_000_000), api: { clients: { liveService } } };
    const store = createAppStore({ services: services as never, sagas: { knowledge: knowledgeSaga } });
    render(
      <Provider store={store}>
        <MemoryRouter initialEntries={['/fundDetail?id=999']}>
          <FundDetailScreen />
        </MemoryRouter>
      </Provider>,
    );
    expect(await screen.findByText('找不到这个内容')).toBeInTheDocument();
    expect(screen.getByText('内容不存在或已下线')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: '重试' })).toBeNull();
    expect(await wayBack()).toBe('/shopIndex');
  });
});
