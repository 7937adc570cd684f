import type { LiveProduct } from '../../../../../api/contract/live-room';
import { productHref } from '../RoomProducts';

const product = (over: Partial<LiveProduct>): LiveProduct => ({
  id: 1,
  name: '稳健增长混合A',
  kind: 'public',
  code: '000001',
  risk_level: 'R3',
  highlight: '',
  detail_id: 7,
  ...over,
});

describe('where a room product leads', () => {
  it('a public fund opens its store page (risk level and disclosures there)', () => {
    expect(productHref(product({}))).toBe('/fundDetail?id=7');
  });
  it('a private fund opens through the qualified-investor gate', () => {
    expect(productHref(product({ kind: 'private' }))).toBe('/contentRecognition?id=7');
  });
  it('a row with no store page opens nothing (and is not drawn as a link)', () => {
    expect(productHref(product({ detail_id: null, code: null, kind: 'activity' }))).toBeNull();
  });
});
