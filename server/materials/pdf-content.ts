// What the seed's PDFs say, as page models the renderer lays out (pdf-gen.ts). Advisers forward these documents to
// customers, so they read like the real thing: a fund's quarterly report, an annual market outlook, a private fund's
// product brochure, each with the disclosures a Chinese reader expects. Numbers come from a seeded generator, so the
// same seed always gives the same text.

export type PdfBlock =
  | { kind: 'title'; text: string; sub?: string }
  | { kind: 'heading'; text: string }
  | { kind: 'para'; text: string }
  | { kind: 'note'; text: string }
  | { kind: 'table'; head: readonly string[]; rows: readonly (readonly string[])[]; widths: readonly number[] }
  | { kind: 'bars'; caption: string; labels: readonly string[]; values: readonly number[] };

export interface PdfPageModel {
  blocks: PdfBlock[];
}

export type Rand = () => number;

/** The footer on every page: the disclosure the regulator asks of any fund material. */
export const RISK_FOOTER = '基金有风险，投资需谨慎。过往业绩不代表未来表现。';

export function lcg(seed: number): Rand {
  let s = seed >>> 0;
  return () => {
    s = (Math.imul(s, 1664525) + 1013904223) >>> 0;
    return s / 2 ** 32;
  };
}

/** A number in [lo, hi) with `digits` decimals, as text. */
export function num(rand: Rand, lo: number, hi: number, digits = 2): string {
  return (lo + rand() * (hi - lo)).toFixed(digits);
}

export function pick<T>(rand: Rand, items: readonly T[]): T {
  return items[Math.floor(rand() * items.length)]!;
}

/** Signed percentage text: "+1.23%" / "-0.45%". */
export function pct(value: number, digits = 2): string {
  return `${value >= 0 ? '+' : ''}${value.toFixed(digits)}%`;
}

/** The 31 first-level industries (申万 2021), the usual breakdown in Chinese fund and strategy reports. */
export const INDUSTRIES = [
  '农林牧渔',
  '基础化工',
  '钢铁',
  '有色金属',
  '电子',
  '汽车',
  '家用电器',
  '食品饮料',
  '纺织服饰',
  '轻工制造',
  '医药生物',
  '公用事业',
  '交通运输',
  '房地产',
  '商贸零售',
  '社会服务',
  '银行',
  '非银金融',
  '建筑材料',
  '建筑装饰',
  '电力设备',
  '机械设备',
  '国防军工',
  '计算机',
  '传媒',
  '通信',
  '煤炭',
  '石油石化',
  '环保',
  '美容护理',
  '综合',
] as const;

/** Fills a document up to its page count with pages made by `more(i)`; the fixed parts must leave room. */
export function fillTo(pages: number, fixed: PdfPageModel[], tail: PdfPageModel[], more: (i: number) => PdfPageModel) {
  const room = pages - fixed.length - tail.length;
  if (room < 0)
    throw new Error(`a document of ${pages} pages cannot hold its ${fixed.length + tail.length} fixed pages`);
  return [...fixed, ...Array.from({ length: room }, (_, i) => more(i)), ...tail];
}
