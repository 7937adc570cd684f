import { render, screen } from '@testing-library/react';
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
});
