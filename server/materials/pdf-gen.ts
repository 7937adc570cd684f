// Real multi-page PDFs for the seed, made with pdf-lib (no binary files in the repository).
// Text is Latin in the standard Helvetica font: embedding a CJK font would add megabytes to
// every seed; the Chinese title of a material lives in its database row and on the screen.
import { PDFDocument, rgb, StandardFonts } from 'pdf-lib';

export interface PdfSpec {
  title: string;
  pages: number;
  /** Deterministic content: the same seed gives byte-identical bodies (dates are fixed). */
  seed: number;
  createdAt: Date;
}

function lcg(seed: number): () => number {
  let s = seed >>> 0;
  return () => {
    s = (Math.imul(s, 1664525) + 1013904223) >>> 0;
    return s / 2 ** 32;
  };
}

const WORDS = [
  'fund',
  'yield',
  'risk',
  'allocation',
  'bond',
  'equity',
  'duration',
  'liquidity',
  'benchmark',
  'drawdown',
  'volatility',
  'dividend',
  'portfolio',
  'market',
  'outlook',
  'credit',
];

export async function generatePdf(spec: PdfSpec): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  doc.setTitle(spec.title);
  doc.setCreator('wealth-live seed');
  doc.setProducer('pdf-lib');
  doc.setCreationDate(spec.createdAt);
  doc.setModificationDate(spec.createdAt);
  const font = await doc.embedFont(StandardFonts.Helvetica);
  const bold = await doc.embedFont(StandardFonts.HelveticaBold);
  const rand = lcg(spec.seed);
  for (let n = 1; n <= spec.pages; n += 1) {
    // A5 portrait: reads well on a phone without zoom.
    const page = doc.addPage([420, 595]);
    page.drawText(spec.title, { x: 36, y: 550, size: 14, font: bold, color: rgb(0.1, 0.2, 0.45) });
    page.drawText(`Page ${n} of ${spec.pages}`, { x: 36, y: 528, size: 22, font: bold });
    let y = 500;
    for (let line = 0; line < 22; line += 1) {
      const words = Array.from({ length: 9 }, () => WORDS[Math.floor(rand() * WORDS.length)]);
      page.drawText(words.join(' '), { x: 36, y, size: 10, font, color: rgb(0.2, 0.2, 0.2) });
      y -= 18;
    }
    // A small bar chart so pages differ visibly when rendered.
    for (let b = 0; b < 8; b += 1) {
      const h = 20 + Math.floor(rand() * 60);
      page.drawRectangle({ x: 36 + b * 42, y: 50, width: 30, height: h, color: rgb(0.85, 0.3, 0.25) });
    }
    page.drawText('Past performance does not indicate future results. Funds carry risk.', {
      x: 36,
      y: 30,
      size: 8,
      font,
      color: rgb(0.4, 0.4, 0.4),
    });
  }
  return doc.save({ useObjectStreams: true });
}

/** The seed's documents: one over 50 pages, one of exactly 100 (the viewer's memory test). */
export const SEED_PDFS: readonly Omit<PdfSpec, 'createdAt'>[] = [
  { title: 'Quarterly Fund Report', pages: 64, seed: 11 },
  { title: 'Annual Market Outlook', pages: 100, seed: 23 },
  { title: 'Product Fact Sheet', pages: 6, seed: 37 },
];
