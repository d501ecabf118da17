import type { SparklineTimeframe } from "@tapeline/core";
import type { BaseResolution } from "./parseInterval.ts";

/** Points and interval of each sparkline timeframe, and the base resolution it reads. */
export const SPARKLINE_GRIDS: Readonly<
  Record<SparklineTimeframe, { points: number; stepS: number; base: BaseResolution }>
> = {
  "1m": { points: 30, stepS: 2, base: 1 },
  "5m": { points: 30, stepS: 10, base: 1 },
  "30m": { points: 30, stepS: 60, base: 60 },
  "1h": { points: 30, stepS: 120, base: 60 },
  "24h": { points: 24, stepS: 3600, base: 3600 },
  "7d": { points: 28, stepS: 21600, base: 3600 },
};

/** The slots of a sparkline: `points` interval starts (unix seconds), the last one holding `nowMs`. */
export type SparklineSlots = { starts: number[]; stepS: number; base: BaseResolution };

/**
 * The grid of a timeframe at `nowMs`: interval starts aligned to the interval, oldest first,
 * the last being the forming interval.
 */
export function sparklineGrid(timeframe: SparklineTimeframe, nowMs: number): SparklineSlots {
  const g = SPARKLINE_GRIDS[timeframe];
  const last = Math.floor(nowMs / 1000 / g.stepS) * g.stepS;
  const starts = Array.from({ length: g.points }, (_, i) => last - (g.points - 1 - i) * g.stepS);
  return { starts, stepS: g.stepS, base: g.base };
}
