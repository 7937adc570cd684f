/** Where the reader is in a PDF whose pages are equal boxes one `stride` (page height plus gap) apart. */
export interface PdfPosition {
  /** 1-based. */
  page: number;
  /** How far down that page the reading line is, 0 to 1. */
  fraction: number;
}

/** The page under the reading line, `offset` px below the top of the first page. */
export function positionAt(offset: number, stride: number, count: number): PdfPosition {
  if (count < 1 || stride <= 0) return { page: 1, fraction: 0 };
  const at = Math.max(0, offset) / stride;
  const index = Math.min(count - 1, Math.floor(at));
  return { page: index + 1, fraction: Math.min(1, at - index) };
}

/** The offset below the first page's top that puts the reading line at `pos` again with a new stride (after a zoom). */
export function offsetOf(pos: PdfPosition, stride: number): number {
  return (pos.page - 1 + pos.fraction) * stride;
}
