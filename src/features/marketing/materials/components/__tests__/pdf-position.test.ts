import { offsetOf, positionAt } from '../pdf-position';

describe('where the reader is in a PDF', () => {
  // 20 pages of 500 px with an 8 px gap.
  const STRIDE = 508;

  it('names the page under the reading line, on both sides of a page boundary', () => {
    expect(positionAt(0, STRIDE, 20)).toEqual({ page: 1, fraction: 0 });
    expect(positionAt(2 * STRIDE - 1, STRIDE, 20).page).toBe(2);
    expect(positionAt(2 * STRIDE, STRIDE, 20).page).toBe(3);
    // Past the end it stays on the last page; above the start on the first.
    expect(positionAt(40 * STRIDE, STRIDE, 20).page).toBe(20);
    expect(positionAt(-30, STRIDE, 20).page).toBe(1);
  });

  it('zooming from page 50 stays on page 50, at the same point of it', () => {
    const before = positionAt(49 * STRIDE + 127, STRIDE, 100);
    expect(before.page).toBe(50);
    // 100% → 150%: the same page and the same share of it under the reading line.
    const zoomed = 1.5 * 500 + 8;
    const after = positionAt(offsetOf(before, zoomed), zoomed, 100);
    expect(after.page).toBe(50);
    expect(after.fraction).toBeCloseTo(before.fraction, 6);
    // Without the anchor the old offset would read page 34 at 150% (the jump the reader saw).
    expect(positionAt(49 * STRIDE + 127, zoomed, 100).page).toBe(34);
  });
});
