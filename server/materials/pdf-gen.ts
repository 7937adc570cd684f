// Real multi-page PDFs for the seed, made with pdf-lib (no binary files in the repository). The text is Chinese,
// drawn in Noto Sans SC (its simplified-Chinese file also covers Latin letters, digits and punctuation), embedded as
// a subset so each document carries only the glyphs it uses.
import fs from 'node:fs';
import path from 'node:path';
import fontkit from '@pdf-lib/fontkit';
import { PDFDocument, type PDFFont, type PDFPage, rgb } from 'pdf-lib';

import { brochurePages } from './pdf-brochure';
import { lcg, type PdfBlock, type PdfPageModel, RISK_FOOTER } from './pdf-content';
import { outlookPages } from './pdf-outlook';
import { quarterlyPages } from './pdf-quarterly';
import { woffToSfnt } from './woff-to-sfnt';

export type PdfKind = 'quarterly' | 'outlook' | 'brochure';

export interface PdfSpec {
  kind: PdfKind;
  title: string;
  pages: number;
  /** Deterministic content: the same seed gives byte-identical bodies (dates are fixed). */
  seed: number;
  createdAt: Date;
}

const WRITERS = { quarterly: quarterlyPages, outlook: outlookPages, brochure: brochurePages } as const;

/** The pages' models, for the renderer and for tests that read what a customer would read. */
export function pdfPageModels(spec: Omit<PdfSpec, 'createdAt'>): PdfPageModel[] {
  return WRITERS[spec.kind](spec.pages, lcg(spec.seed));
}

type FontkitFont = ReturnType<typeof fontkit.create>;
type Glyph = ReturnType<FontkitFont['glyphForCodePoint']>;

let parsed: FontkitFont | null = null;
/**
 * Noto Sans SC, parsed once per process and laid out one character at a time. fontkit's full shaping runs the CJK
 * font's substitution and positioning tables on every string (about 10 ms a line, minutes for the seed); Chinese
 * and the digits beside it need neither ligatures nor kerning, so a character maps straight to its glyph.
 */
function notoSansSc(): FontkitFont {
  if (parsed) return parsed;
  // Resolved through the package, so the seed finds the font whatever the working directory.
  const dir = path.dirname(require.resolve('@fontsource/noto-sans-sc/package.json'));
  const font = fontkit.create(
    woffToSfnt(fs.readFileSync(path.join(dir, 'files', 'noto-sans-sc-chinese-simplified-400-normal.woff'))),
  );
  const glyphs = new Map<string, Glyph>();
  const glyphOf = (ch: string) => {
    let g = glyphs.get(ch);
    if (!g) glyphs.set(ch, (g = font.glyphForCodePoint(ch.codePointAt(0)!)));
    return g;
  };
  font.layout = ((text: string) => ({ glyphs: Array.from(text, glyphOf) })) as unknown as FontkitFont['layout'];
  parsed = font;
  return font;
}

// A5 portrait: reads well on a phone without zoom.
const W = 420;
const H = 595;
const X = 36;
const WIDTH = W - 2 * X;
const TOP = 528;
const BOTTOM = 52;
const INK = rgb(0.2, 0.2, 0.2);
const NAVY = rgb(0.1, 0.2, 0.45);
const GREY = rgb(0.45, 0.45, 0.45);
/** Punctuation that may not begin a line (Chinese typesetting's 避头 rule): it stays on the line before. */
const NO_LINE_START = new Set('，。、；：？！）》」』】”’%,.;:?!)');

/** Per-character advance widths at 1 pt: fontkit's layout per measured string is far too slow for 170 pages. */
const advances = new WeakMap<PDFFont, Map<string, number>>();
function widthOf(font: PDFFont, text: string, size: number): number {
  let cache = advances.get(font);
  if (!cache) advances.set(font, (cache = new Map()));
  let w = 0;
  for (const ch of text) {
    let a = cache.get(ch);
    if (a === undefined) cache.set(ch, (a = font.widthOfTextAtSize(ch, 1)));
    w += a;
  }
  return w * size;
}

function wrap(text: string, font: PDFFont, size: number, width: number): string[] {
  const lines: string[] = [];
  let line = '';
  let used = 0;
  for (const ch of text) {
    const w = widthOf(font, ch, size);
    if (line && used + w > width && !NO_LINE_START.has(ch)) {
      lines.push(line);
      line = ch === ' ' ? '' : ch;
      used = line ? w : 0;
    } else {
      line += ch;
      used += w;
    }
  }
  if (line) lines.push(line);
  return lines;
}

interface Cursor {
  page: PDFPage;
  font: PDFFont;
  y: number;
}

function drawLines(c: Cursor, lines: string[], size: number, gap: number, color = INK, x = X) {
  for (const text of lines) {
    c.y -= size + gap;
    c.page.drawText(text, { x, y: c.y, size, font: c.font, color });
  }
}

function drawTable(c: Cursor, block: Extract<PdfBlock, { kind: 'table' }>) {
  const size = 8.5;
  const row = (cells: readonly string[], head: boolean) => {
    const cols = cells.map((cell, i) => wrap(cell, c.font, size, block.widths[i]! * WIDTH - 6));
    const height = Math.max(...cols.map((l) => l.length)) * (size + 3) + 5;
    if (head) c.page.drawRectangle({ x: X, y: c.y - height, width: WIDTH, height, color: rgb(0.91, 0.93, 0.97) });
    let x = X + 3;
    const top = c.y;
    cols.forEach((lines, i) => {
      c.y = top - 2;
      drawLines(c, lines, size, 3, head ? NAVY : INK, x);
      x += block.widths[i]! * WIDTH;
    });
    c.y = top - height;
    c.page.drawLine({ start: { x: X, y: c.y }, end: { x: X + WIDTH, y: c.y }, thickness: 0.4, color: GREY });
  };
  row(block.head, true);
  block.rows.forEach((r) => row(r, false));
  c.y -= 8;
}

function drawBars(c: Cursor, block: Extract<PdfBlock, { kind: 'bars' }>) {
  drawLines(c, wrap(block.caption, c.font, 8.5, WIDTH), 8.5, 4, GREY);
  const chart = 90;
  const max = Math.max(1, ...block.values.map(Math.abs));
  const hasNegative = block.values.some((v) => v < 0);
  // Room above the tallest bar for its value label, clear of the caption.
  const zero = c.y - 16 - (hasNegative ? chart / 2 : chart);
  const scale = (hasNegative ? chart / 2 : chart) / max;
  const slot = Math.min(60, WIDTH / block.values.length);
  block.values.forEach((v, i) => {
    const h = Math.max(0.5, Math.abs(v) * scale);
    const x = X + i * slot + slot * 0.2;
    const color = v >= 0 ? rgb(0.85, 0.3, 0.25) : rgb(0.2, 0.6, 0.35);
    c.page.drawRectangle({ x, y: v >= 0 ? zero : zero - h, width: slot * 0.6, height: h, color });
    c.page.drawText(v.toFixed(1), { x, y: v >= 0 ? zero + h + 2 : zero + 2, size: 7, font: c.font, color: GREY });
  });
  c.page.drawLine({ start: { x: X, y: zero }, end: { x: X + WIDTH, y: zero }, thickness: 0.5, color: GREY });
  c.y = zero - (hasNegative ? chart / 2 : 0) - 4;
  block.labels.forEach((label, i) => {
    c.page.drawText(label, { x: X + i * slot + slot * 0.2, y: c.y - 8, size: 7, font: c.font, color: INK });
  });
  c.y -= 20;
}

function drawBlock(c: Cursor, block: PdfBlock) {
  switch (block.kind) {
    case 'title':
      drawLines(c, wrap(block.text, c.font, 17, WIDTH), 17, 8, NAVY);
      if (block.sub) drawLines(c, [block.sub], 12, 8, NAVY);
      c.y -= 10;
      return;
    case 'heading':
      c.y -= 4;
      drawLines(c, wrap(block.text, c.font, 12, WIDTH), 12, 6, NAVY);
      c.y -= 4;
      return;
    case 'para':
      drawLines(c, wrap(`\u3000\u3000${block.text}`, c.font, 10, WIDTH), 10, 6.5);
      c.y -= 6;
      return;
    case 'note':
      drawLines(c, wrap(block.text, c.font, 8.5, WIDTH), 8.5, 4, GREY);
      c.y -= 6;
      return;
    case 'table':
      return drawTable(c, block);
    case 'bars':
      return drawBars(c, block);
  }
}

export async function generatePdf(spec: PdfSpec): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  // pdf-lib asks its fontkit to parse the bytes it embeds: hand back the one parsed, quickly laid-out font.
  doc.registerFontkit({ create: () => notoSansSc() } as unknown as typeof fontkit);
  doc.setTitle(spec.title);
  doc.setCreator('诺亚财富 · 理财师工作台');
  doc.setProducer('pdf-lib');
  doc.setCreationDate(spec.createdAt);
  doc.setModificationDate(spec.createdAt);
  // A fixed name: pdf-lib otherwise adds a random suffix, and the seed's bytes must not change between runs.
  const font = await doc.embedFont(new Uint8Array(0), { subset: true, customName: 'NotoSansSC-Regular' });
  const models = pdfPageModels(spec);
  models.forEach((model, i) => {
    const page = doc.addPage([W, H]);
    page.drawText(spec.title, { x: X, y: 560, size: 9, font, color: GREY });
    page.drawLine({ start: { x: X, y: 552 }, end: { x: W - X, y: 552 }, thickness: 0.6, color: NAVY });
    const c: Cursor = { page, font, y: TOP + 14 };
    model.blocks.forEach((b) => drawBlock(c, b));
    // Content is fixed by the seed, so an overflow is a bug in the text, caught by the tests rather than clipped.
    if (c.y < BOTTOM) throw new Error(`page ${i + 1} of "${spec.title}" overflows by ${BOTTOM - c.y} pt`);
    page.drawLine({ start: { x: X, y: 44 }, end: { x: W - X, y: 44 }, thickness: 0.4, color: GREY });
    page.drawText(RISK_FOOTER, { x: X, y: 32, size: 7.5, font, color: GREY });
    const label = `第 ${i + 1} 页 / 共 ${models.length} 页`;
    page.drawText(label, { x: W - X - widthOf(font, label, 7.5), y: 20, size: 7.5, font, color: GREY });
  });
  return doc.save({ useObjectStreams: true });
}

/** The seed's documents: one over 50 pages, one of exactly 100 (the viewer's memory test). */
export const SEED_PDFS: readonly Omit<PdfSpec, 'createdAt'>[] = [
  { kind: 'quarterly', title: '红利低波精选混合 2024 年第 4 季度报告', pages: 64, seed: 11 },
  { kind: 'outlook', title: '2025 年度市场展望（完整版）', pages: 100, seed: 23 },
  { kind: 'brochure', title: '星辰量化中性1号私募 · 产品要素', pages: 6, seed: 37 },
];
