/**
 * Chart chunk gzip KB: the gzip -9 size of the lazy chunk group "chart" (the line chart's drawing, loaded by
 * import() from src/ui/charts/LineChart.tsx), read from dist/chunk-manifest.json after `npm run build`.
 * Goal: at most 40 KB. Fails when the build is missing, the group is gone, or the chunk is over the goal.
 */
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';

import { reportFigure } from './figures';

const CHART_CHUNK_GOAL_KB = 40;
const COMMAND = 'npm run build && npx tsx scripts/bench-chart-chunk.ts';

function chartChunkGzip(distDir: string): { files: Array<{ file: string; gzip: number }>; total: number } {
  const manifest = JSON.parse(fs.readFileSync(path.join(distDir, 'chunk-manifest.json'), 'utf8')) as {
    groups: Record<string, string[]>;
  };
  const group = manifest.groups.chart;
  if (!group)
    throw new Error(
      `no "chart" chunk group in dist/chunk-manifest.json (groups: ${Object.keys(manifest.groups).join(', ')})`,
    );
  const files = group
    .filter((f) => f.endsWith('.js'))
    .map((file) => ({ file, gzip: zlib.gzipSync(fs.readFileSync(path.join(distDir, file)), { level: 9 }).length }));
  return { files, total: files.reduce((n, f) => n + f.gzip, 0) };
}

function main() {
  const dist = path.resolve(__dirname, '..', 'dist');
  if (!fs.existsSync(path.join(dist, 'chunk-manifest.json'))) {
    console.error('chart chunk gzip KB: no build in dist/ (run `npm run build` first)');
    process.exitCode = 1;
    return;
  }
  const { files, total } = chartChunkGzip(dist);
  for (const f of files) console.info(`  ${(f.gzip / 1024).toFixed(1).padStart(6)} KB  ${f.file}`);
  const kb = total / 1024;
  reportFigure({
    figure: 'chart chunk (three line charts), gzip -9',
    now: `${kb.toFixed(1)} KB`,
    goal: `<= ${CHART_CHUNK_GOAL_KB} KB`,
    met: kb <= CHART_CHUNK_GOAL_KB,
    command: COMMAND,
  });
  if (kb > CHART_CHUNK_GOAL_KB) process.exitCode = 1;
}

main();
