import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PDFDocument } from 'pdf-lib';

import { type ScreenOptions, screenText as screenWith } from '../../../src/lib/content-policy';
import { readPinyin } from '../../../src/lib/content-policy/pinyin-reader';
import { generatePdf, pdfPageModels, SEED_PDFS } from '../pdf-gen';

/** The client's verdict once its pinyin reader has loaded (it loads with the first character typed). */
const screenText = (text: string, place: Parameters<typeof screenWith>[1], options: Partial<ScreenOptions> = {}) =>
  screenWith(text, place, { pinyin: readPinyin, ...options });

const createdAt = new Date('2026-01-01T00:00:00Z');

// pdf.js ships only as ES modules, which jest's CommonJS runtime cannot load: a child node reads the text, as the
// reader's pdf.js would.
const EXTRACT = `
import fs from 'node:fs';

const { getDocument } = await import(process.argv[2]);
const pdf = await getDocument({ data: new Uint8Array(fs.readFileSync(process.argv[1])) }).promise;
const out = [];
for (let n = 1; n <= pdf.numPages; n += 1) {
  const c = await (await pdf.getPage(n)).getTextContent();
  out.push(c.items.map((i) => i.str ?? '').join(''));
}
process.stdout.write(JSON.stringify(out));`;

function pageTexts(bytes: Uint8Array): string[] {
  const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'pdf-gen-')), 'doc.pdf');
  fs.writeFileSync(file, bytes);
  const pdfjs = require.resolve('pdfjs-dist/legacy/build/pdf.mjs');
  const out = execFileSync(process.execPath, ['--input-type=module', '-e', EXTRACT, file, pdfjs], {
    maxBuffer: 64 * 1024 * 1024,
  });
  fs.rmSync(path.dirname(file), { recursive: true });
  return JSON.parse(out.toString('utf8')) as string[];
}

const han = (s: string) => (s.match(/\p{Script=Han}/gu) ?? []).length;

describe('seed PDFs', () => {
  it('include one over 50 pages and one of exactly 100', () => {
    expect(SEED_PDFS.some((p) => p.pages > 50 && p.pages !== 100)).toBe(true);
    expect(SEED_PDFS.some((p) => p.pages === 100)).toBe(true);
  });

  it('generates a real, parseable 100-page PDF in Chinese, deterministically and small', async () => {
    const spec = { ...SEED_PDFS.find((p) => p.pages === 100)!, createdAt };
    const bytes = await generatePdf(spec);
    expect(Buffer.from(bytes.slice(0, 5)).toString('latin1')).toBe('%PDF-');
    const doc = await PDFDocument.load(bytes);
    expect(doc.getPageCount()).toBe(100);
    expect(doc.getTitle()).toBe('2025 年度市场展望（完整版）');
    // The font is embedded as a subset: a 100-page document stays well under a megabyte.
    expect(bytes.length).toBeLessThan(1_000_000);
    const texts = pageTexts(bytes);
    const [first, industry, last] = [texts[0], texts[29], texts[99]];
    expect(first).toContain('2025 年度市场展望');
    expect(han(industry!)).toBeGreaterThan(150);
    expect(last).toContain('基金有风险，投资需谨慎');
    expect(industry).toContain('第 30 页 / 共 100 页');
    const again = await generatePdf(spec);
    expect(Buffer.from(again).equals(Buffer.from(bytes))).toBe(true);
  }, 60_000);

  it.each(SEED_PDFS.map((s) => [s.kind, s] as const))(
    '%s: every page is Chinese, as long as asked',
    async (_, s) => {
      const bytes = await generatePdf({ ...s, createdAt });
      expect((await PDFDocument.load(bytes)).getPageCount()).toBe(s.pages);
      const texts = pageTexts(bytes);
      expect(texts).toHaveLength(s.pages);
      for (const t of texts) {
        expect(han(t)).toBeGreaterThan(40);
        expect(t).toContain('基金有风险，投资需谨慎');
      }
    },
    60_000,
  );

  it('says nothing the content policy refuses in a material', () => {
    for (const s of SEED_PDFS) {
      for (const page of pdfPageModels(s)) {
        // Each piece a reader sees on its own: a sentence, a caption, a table cell.
        const pieces = page.blocks.flatMap((b) =>
          b.kind === 'table' ? [...b.head, ...b.rows.flat()] : b.kind === 'bars' ? [b.caption] : [b.text],
        );
        for (const text of pieces) {
          const verdict = screenText(text, 'material');
          expect(verdict.kind === 'refused' ? { text, hit: verdict.hit } : null).toBeNull();
        }
      }
    }
  });

  it('refuses a page count too small for the fixed pages', () => {
    expect(() => pdfPageModels({ kind: 'brochure', title: 'x', pages: 3, seed: 1 })).toThrow(/cannot hold/);
  });
});
