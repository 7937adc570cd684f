import { describeRead, foldBeacons, MAX_READ_SECONDS } from '../read-tracking';

const now = new Date('2026-06-01T02:00:00Z');
const fresh = { seconds: 0, maxScroll: 0, behaviourAt: null };

describe('foldBeacons', () => {
  it('keeps the largest seconds and the deepest scroll, whatever the order', () => {
    const r = foldBeacons(
      fresh,
      [
        { seconds: 12, depth: 0.6 },
        { seconds: 8, depth: 0.3 },
        { seconds: 20, depth: 0.5 },
      ],
      now,
    );
    expect(r.next).toEqual({ seconds: 20, maxScroll: 0.6, behaviourAt: null });
    expect(r.becameSignal).toBe(false);
  });
  it('never shrinks an open when a stale beacon arrives late', () => {
    const r = foldBeacons({ seconds: 40, maxScroll: 0.9, behaviourAt: now }, [{ seconds: 5, depth: 0.1 }], now);
    expect(r.next).toMatchObject({ seconds: 40, maxScroll: 0.9 });
  });
  it('becomes a signal once, at the fold that crosses 30 s', () => {
    const first = foldBeacons(fresh, [{ seconds: 29, depth: 0.4 }], now);
    expect(first.becameSignal).toBe(false);
    const second = foldBeacons(first.next, [{ seconds: 30, depth: 0.5 }], now);
    expect(second.becameSignal).toBe(true);
    expect(second.next.behaviourAt).toEqual(now);
    const third = foldBeacons(second.next, [{ seconds: 90, depth: 1 }], new Date(now.getTime() + 60_000));
    expect(third.becameSignal).toBe(false);
    expect(third.next.behaviourAt).toEqual(now);
  });
  it('clamps nonsense: negative, NaN, infinite and oversized values', () => {
    const r = foldBeacons(
      fresh,
      [
        { seconds: -5, depth: -1 },
        { seconds: Number.NaN, depth: Number.POSITIVE_INFINITY },
        { seconds: 1e9, depth: 7 },
      ],
      now,
    );
    expect(r.next.seconds).toBe(MAX_READ_SECONDS);
    expect(r.next.maxScroll).toBe(1);
  });
  it('ignores an empty batch', () => {
    expect(foldBeacons(fresh, [], now)).toEqual({ next: fresh, becameSignal: false });
  });
});

it('describes a read in Chinese for the customer card', () => {
  expect(describeRead(42, 0.804)).toBe('阅读 42 秒 · 看到 80%');
});
