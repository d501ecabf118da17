import type { IntervalSpec } from "./parseInterval.ts";

/**
 * The candle start `n` buckets after (negative: before) the aligned start `startS`.
 * @example stepBucket(Date.UTC(2024, 0, 1) / 1000, parseInterval("1M"), -1) // 2023-12-01
 */
export function stepBucket(startS: number, spec: IntervalSpec, n: number): number {
  if (spec.seconds !== null) return startS + n * spec.seconds;
  const d = new Date(startS * 1000);
  return Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + n, 1) / 1000;
}
