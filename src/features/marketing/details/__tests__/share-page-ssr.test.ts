import { expectSaga } from 'redux-saga-test-plan';

import { loadDetail } from '../store/details-saga';
import { detailKey, detailRequested, selectDetails } from '../store/details-slice';

import type { SharePageData } from '@/api/contract/market-map-products';
import { rootReducer, type SsrData, ssrDataHydrated } from '@/store';

/** A server-rendered share page's data is the loaded entry its screen reads; the first open fetches nothing. */
const data: SharePageData = {
  page: 'rate',
  view: 'personal',
  product: {
    product_id: 3,
    name: '诺亚稳健增利债券A',
    code: '110017',
    kind: 'bond',
    risk_level: 'R2',
    qualified_only: false,
  } as SharePageData['product'],
  series_kind: 'nav',
  series: [['2026-11-24', 1.0123]],
  benchmark: null,
  dividends: [],
  disclosures: ['基金有风险，投资需谨慎', '过往业绩不代表未来表现'],
  adviser: { name: '王建国', title: '高级理财顾问', certificate_no: 'F0310000001919', avatar: '/a.png' },
  expires_at: 1_800_000_000,
};
const ssr: SsrData = {
  route: 'rateShareDetail',
  url: '/RateShareDetail?share_code=abc.def',
  data: { sharePage: { code: 'abc.def', data } },
};
const key = detailKey('sharePage', { code: 'abc.def' });

test('the one hydration action puts the page in the keyed detail store, loaded', () => {
  const s = rootReducer(rootReducer(undefined, { type: '@@INIT' }), ssrDataHydrated(ssr));
  expect(selectDetails(s).entries[key]).toEqual({ status: 'loaded', data, error: null, requestId: 0 });
});

test('the screen’s first open after hydration keeps it and requests nothing; a pull-to-refresh still reloads', async () => {
  const hydrated = rootReducer(rootReducer(undefined, { type: '@@INIT' }), ssrDataHydrated(ssr));
  const first = detailRequested({ key, kind: 'sharePage', params: { code: 'abc.def' }, mode: 'first' });
  const opened = rootReducer(hydrated, first);
  expect(selectDetails(opened).entries[key]).toEqual(selectDetails(hydrated).entries[key]);
  const fetchPage = jest.fn(() => Promise.resolve(data));
  const { effects } = await expectSaga(loadDetail, { sharePage: fetchPage }, first).withState(opened).run();
  expect(fetchPage).not.toHaveBeenCalled();
  expect(effects.put).toBeUndefined();
  const refresh = rootReducer(
    opened,
    detailRequested({ key, kind: 'sharePage', params: { code: 'abc.def' }, mode: 'refresh' }),
  );
  expect(selectDetails(refresh).entries[key]).toMatchObject({ status: 'loading', data, requestId: 1 });
});
