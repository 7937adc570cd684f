import { keepNewest } from '../keep-newest';

describe('keepNewest', () => {
  test('keeps at most max entries, dropping the oldest set', () => {
    const m = new Map<string, number>();
    keepNewest(m, 'a', 1, 2);
    keepNewest(m, 'b', 2, 2);
    keepNewest(m, 'c', 3, 2);
    expect([...m]).toEqual([
      ['b', 2],
      ['c', 3],
    ]);
  });

  test('setting a kept key again makes it the newest', () => {
    const m = new Map<string, number>();
    keepNewest(m, 'a', 1, 2);
    keepNewest(m, 'b', 2, 2);
    keepNewest(m, 'a', 10, 2);
    keepNewest(m, 'c', 3, 2);
    expect([...m]).toEqual([
      ['a', 10],
      ['c', 3],
    ]);
  });
});
