/**
 * One line per measured figure, which `npm run bench` (scripts/bench.ts) gathers from every bench into one table.
 * A bench prints its own detail as it likes; what goes into the table comes through here, so the table and the
 * detail cannot disagree.
 */
export interface Figure {
  /** What is measured, in words a reader of the table understands. */
  figure: string;
  /** The value as measured, with its unit. */
  now: string;
  /** The goal, e.g. ">= 0.9" or "<= 150 KB". */
  goal: string;
  /** Whether this run met the goal. */
  met: boolean;
  /** The command that measures it again alone. */
  command: string;
}

export const FIGURE_PREFIX = '@figure ';

export function reportFigure(f: Figure): void {
  console.info(`${FIGURE_PREFIX}${JSON.stringify(f)}`);
}

/** The figures among a bench's output lines; other lines are its detail. */
export function figuresIn(output: string): Figure[] {
  return output
    .split('\n')
    .filter((line) => line.startsWith(FIGURE_PREFIX))
    .map((line) => JSON.parse(line.slice(FIGURE_PREFIX.length)) as Figure);
}

/** The table `npm run bench` ends with (Markdown, so it can be pasted into a note as it is). */
export function figureTable(figures: Figure[]): string {
  const cell = (s: string) => s.replace(/\|/g, '\\|');
  return [
    '| figure | now | goal | met | command |',
    '|---|---|---|---|---|',
    ...figures.map(
      (f) => `| ${cell(f.figure)} | ${cell(f.now)} | ${cell(f.goal)} | ${f.met ? 'yes' : 'NO'} | \`${f.command}\` |`,
    ),
  ].join('\n');
}
