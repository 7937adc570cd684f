import { PDFDocument } from 'pdf-lib';

import { generatePdf, SEED_PDFS } from '../pdf-gen';

const createdAt = new Date('2026-01-01T00:00:00Z');

describe('seed PDFs', () => {
  it('include one over 50 pages and one of exactly 100', () => {
    expect(SEED_PDFS.some((p) => p.pages > 50 && p.pages !== 100)).toBe(true);
    expect(SEED_PDFS.some((p) => p.pages === 100)).toBe(true);
  });

  it('generates a real, parseable 100-page PDF, deterministically and small', async () => {
    const spec = { title: 'Annual Market Outlook', pages: 100, seed: 23, createdAt };
    const bytes = await generatePdf(spec);
    expect(Buffer.from(bytes.slice(0, 5)).toString('latin1')).toBe('%PDF-');
    const doc = await PDFDocument.load(bytes);
    expect(doc.getPageCount()).toBe(100);
    expect(doc.getTitle()).toBe('Annual Market Outlook');
    // Seeds stay light: a 100-page text document well under a megabyte.
    expect(bytes.length).toBeLessThan(1_000_000);
    const again = await generatePdf(spec);
    expect(Buffer.from(again).equals(Buffer.from(bytes))).toBe(true);
  });
});
