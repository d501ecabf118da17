import type { IntervalSpec } from "./parseInterval.ts";

/**
 * Start (unix seconds) of the candle holding `timeS`. Fixed intervals are epoch-aligned, so weeks
 * run Thursday 00:00 UTC to Thursday (1970-01-01 was a Thursday); `1M` buckets are UTC calendar
 * months.
 * @example alignBucket(1_700_000_123, parseInterval("1m")) // 1_700_000_100
 */
export function alignBucket(timeS: number, spec: IntervalSpec): number {
  if (spec.seconds !== null) return Math.floor(timeS / spec.seconds) * spec.seconds;
  const d = new Date(timeS * 1000);
  return Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), 1) / 1000;
}
