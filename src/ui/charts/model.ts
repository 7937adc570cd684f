/** What the chart's shell hands its lazily loaded drawing (types only, shared by both sides of the import()). */
import type { ChartUnit } from './format';
import type { ChartPoint } from './periods';

export interface ChartLine {
  name: string;
  points: readonly ChartPoint[];
  color: string;
  dashed: boolean;
}

/** What the drawing gets: the lines of the chosen period, already in the unit they are read in. */
export interface ChartModel {
  unit: ChartUnit;
  lines: ChartLine[];
}

export interface LinePlotProps {
  model: ChartModel;
  width: number;
  height: number;
}
