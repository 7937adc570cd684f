import { configureStore } from '@reduxjs/toolkit';
import { act, fireEvent, render, screen } from '@testing-library/react';
import { Provider } from 'react-redux';
import { MemoryRouter } from 'react-router-dom';

import { ProductDetailView } from '../ProductDetailView';

import type { ProductDetail } from '@/api/contract/market-map-products';
import { detailKey, detailLoaded, detailRequested } from '@/features/marketing/details';
import { useVirtualClock } from '@/lib/testing/virtual-time';
import { rootReducer } from '@/store';

const DAY = 86_400_000;
const day = (i: number) => new Date(Date.UTC(2024, 0, 1) + i * DAY).toISOString().slice(0, 10);
// Rising for a year, then falling: each period has its own change.
const series = Array.from(
  { length: 600 },
  (_, i) => [day(i), i < 365 ? 1 + i / 1000 : 1.365 - (i - 365) / 2000] as [string, number],
);

const detail: ProductDetail = {
  product: {
    product_id: 7,
    code: 'P007',
    name: '稳健混合A',
    kind: 'mixed',
    risk_level: 'R3',
    qualified_only: false,
    maturity_date: null,
  },
  series_kind: 'nav',
  series,
  benchmark: null,
  max_drawdown: { pct: 0, peak_day: null, trough_day: null },
  holders: [],
  holders_total: 0,
};

function renderLoaded() {
  const store = configureStore({ reducer: rootReducer });
  const key = detailKey('productDetail', { product_id: 7 });
  store.dispatch(detailRequested({ key, kind: 'productDetail', params: { product_id: 7 }, mode: 'first' }));
  store.dispatch(detailLoaded({ key, requestId: 1, data: detail }));
  render(
    <Provider store={store}>
      <MemoryRouter initialEntries={['/rateDetail?product_id=7']}>
        <ProductDetailView variant="product" />
      </MemoryRouter>
    </Provider>,
  );
}

describe('ProductDetailView', () => {
  useVirtualClock();

  it('keeps the period tapped before every part of the screen has loaded', async () => {
    renderLoaded();
    // The tap comes at once, before any pending import settles: the content it lands in must be the one that stays.
    fireEvent.click(screen.getByRole('tab', { name: '成立以来' }));
    await act(async () => {
      await jest.advanceTimersByTimeAsync(20);
    });
    expect(screen.getByRole('tab', { name: '成立以来' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByLabelText('成立以来区间数据')).toBeInTheDocument();
    expect(screen.queryByLabelText('近1年区间数据')).toBeNull();
  });

  it('shows each period its own change', async () => {
    renderLoaded();
    await act(async () => undefined);
    const change = (label: string) => screen.getByLabelText(label).querySelector('strong')!.textContent;
    const year = change('近1年区间数据');
    fireEvent.click(screen.getByRole('tab', { name: '成立以来' }));
    expect(change('成立以来区间数据')).not.toBe(year);
    expect(change('成立以来区间数据')).toMatch(/^[+-]\d+\.\d{2}%$/);
  });
});
