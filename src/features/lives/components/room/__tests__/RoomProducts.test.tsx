import { render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';

import type { LiveProduct } from '../../../../../api/contract/live-room';
import { ProductList } from '../RoomProducts';

const row = (over: Partial<LiveProduct>): LiveProduct => ({
  id: 1,
  name: '诺亚稳健增利债券A',
  kind: 'public',
  code: '000001',
  risk_level: 'R2',
  highlight: '纯债为主，波动较小',
  detail_id: 7,
  ...over,
});

const list = (title: string, products: LiveProduct[]) =>
  render(
    <MemoryRouter>
      <ProductList title={title} products={products} />
    </MemoryRouter>,
  );

describe('the room’s products and banners', () => {
  it('a banner opens the store page of the fund it promotes, its risk chip on the row and the disclosure under the list', () => {
    list('活动推荐', [
      row({ id: 9, name: '定投体验周：沪深300指数增强C', kind: 'activity', risk_level: 'R4', detail_id: 3 }),
    ]);
    const section = screen.getByRole('region', { name: '活动推荐' });
    const link = within(section).getByRole('link', { name: /定投体验周/ });
    expect(link).toHaveAttribute('href', '/fundDetail?id=3');
    expect(within(link).getByText('R4 中高风险')).toBeInTheDocument();
    expect(within(section).getByRole('note', { name: '风险提示' })).toBeInTheDocument();
  });

  it('a product opens its page; a private fund goes through the qualified-investor gate', () => {
    list('直播间产品', [
      row({}),
      row({ id: 2, name: '星辰量化中性1号私募', kind: 'private', risk_level: 'R4', detail_id: 5 }),
    ]);
    expect(screen.getByRole('link', { name: /诺亚稳健增利债券A/ })).toHaveAttribute('href', '/fundDetail?id=7');
    expect(screen.getByRole('link', { name: /星辰量化中性1号私募/ })).toHaveAttribute(
      'href',
      '/contentRecognition?id=5',
    );
  });

  it('a row with no page is plain text: nothing looks tappable that is not', () => {
    list('直播间产品', [
      row({ name: '尊享医疗保险计划', kind: 'insurance', code: null, risk_level: null, detail_id: null }),
    ]);
    expect(screen.getByText('尊享医疗保险计划')).toBeInTheDocument();
    expect(screen.queryByRole('link')).toBeNull();
    expect(screen.queryByRole('note', { name: '风险提示' })).toBeNull();
  });
});
