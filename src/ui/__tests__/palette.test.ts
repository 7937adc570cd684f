import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';

/**
 * Text colour comes from one palette, the theme variables in global.css (which antd-mobile's --adm-color-* names
 * point at), and each of its text colours reads at 4.5:1 (WCAG 2.1 AA) on what it is set on.
 */
const SRC = join(__dirname, '..', '..');
const GLOBAL = join(SRC, 'ui', 'global.css');

function files(dir: string, out: string[] = []): string[] {
  for (const name of readdirSync(dir)) {
    if (name === '__tests__' || name === 'node_modules') continue;
    const path = join(dir, name);
    if (statSync(path).isDirectory()) files(path, out);
    else if (/\.(css|tsx)$/.test(name) && path !== GLOBAL) out.push(path);
  }
  return out;
}

/** A text colour written as a value (hex, rgb/hsl or a colour word) rather than through a variable. */
const CSS_LITERAL = /(?:^|[\s;{])color:\s*(?!\s|var\(|inherit|currentColor|transparent|initial|unset)([^;}\n]+)/gm;
const TSX_LITERAL = /(?:^|[\s{,])color:\s*['"](?!var\(|inherit|currentColor|transparent)([^'"]+)['"]/gm;

function luminance(hex: string): number {
  const h = hex.replace('#', '');
  const full = h.length === 3 ? [...h].map((c) => c + c).join('') : h;
  const [r, g, b] = [0, 2, 4].map((i) => {
    const c = parseInt(full.slice(i, i + 2), 16) / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  });
  return 0.2126 * r! + 0.7152 * g! + 0.0722 * b!;
}
const contrast = (a: string, b: string) => {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (hi! + 0.05) / (lo! + 0.05);
};

const palette = Object.fromEntries(
  [...readFileSync(GLOBAL, 'utf8').matchAll(/--app-color-([\w-]+):\s*(#[0-9a-fA-F]{3,6});/g)].map((m) => [
    m[1]!,
    m[2]!,
  ]),
);

describe('the one palette', () => {
  it('is where every text colour in the screens’ styles comes from', () => {
    const literal: string[] = [];
    for (const path of files(SRC)) {
      const text = readFileSync(path, 'utf8');
      for (const m of text.matchAll(path.endsWith('.css') ? CSS_LITERAL : TSX_LITERAL))
        literal.push(`${relative(SRC, path)}: color ${m[1]!.trim()}`);
    }
    expect(literal).toEqual([]);
  });

  it('reads at 4.5:1 or more: text colours on white and the page grey, inverse text on the colours it sits on', () => {
    const ground = ['#ffffff', '#f5f5f5'];
    const onLight = ['text', 'text-secondary', 'text-weak', 'primary', 'brand', 'danger', 'warning', 'success'];
    for (const role of onLight)
      for (const bg of ground)
        expect({ role, bg, ok: contrast(palette[role]!, bg) >= 4.5 }).toEqual({ role, bg, ok: true });
    for (const role of ['primary', 'brand', 'danger'])
      expect({ role, ok: contrast(palette['text-inverse']!, palette[role]!) >= 4.5 }).toEqual({ role, ok: true });
    expect(contrast(palette['link-on-dark']!, palette.text!)).toBeGreaterThanOrEqual(4.5);
  });
});
