/**
 * Reports the gzipped size of the JavaScript the home route loads before its first
 * screen (entry chunks + the home screen's lazy chunk group), and fails the build when it
 * is over budget. Reads dist/chunk-manifest.json written by webpack.config.ts.
 */
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';

import { HOME_FIRST_LOAD_BUDGET_BYTES } from '../config/app';

const dist = path.resolve(__dirname, '..', 'dist');

export interface SizeReport {
  files: Array<{ file: string; gzip: number }>;
  totalGzip: number;
}

export function homeFirstLoad(distDir = dist): SizeReport {
  const manifest = JSON.parse(fs.readFileSync(path.join(distDir, 'chunk-manifest.json'), 'utf8')) as {
    entry: string[];
    groups: Record<string, string[]>;
  };
  const homeGroup = Object.keys(manifest.groups).find((name) => /(^|[-_])home$/i.test(name));
  if (!homeGroup) throw new Error(`No home chunk group in ${Object.keys(manifest.groups).join(', ')}`);
  const files = [...new Set([...manifest.entry, ...(manifest.groups[homeGroup] ?? [])])].filter((f) =>
    f.endsWith('.js'),
  );
  const sized = files.map((file) => ({
    file,
    gzip: zlib.gzipSync(fs.readFileSync(path.join(distDir, file)), { level: 9 }).length,
  }));
  return { files: sized, totalGzip: sized.reduce((sum, f) => sum + f.gzip, 0) };
}

function main() {
  const report = homeFirstLoad();
  const kb = (n: number) => `${(n / 1024).toFixed(1)} KB`;
  for (const f of report.files) console.info(`  ${kb(f.gzip).padStart(9)}  ${f.file}`);
  console.info(
    `Home route first-load JS: ${kb(report.totalGzip)} gzipped (budget ${kb(HOME_FIRST_LOAD_BUDGET_BYTES)})`,
  );
  if (report.totalGzip > HOME_FIRST_LOAD_BUDGET_BYTES) {
    console.error('Over budget: move something out of the first load (lazy-load it after first paint).');
    process.exit(1);
  }
}

if (require.main === module) main();
