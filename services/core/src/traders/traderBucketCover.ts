/** Resolutions of the trader rollups (`trader_buckets.resolution_s`), finest first. */
export const TRADER_BUCKET_RESOLUTIONS_S = [60, 3600, 86400] as const;

/** Bucket starts `[fromMs, toMs)` of one resolution. */
export type TraderBucketRange = { resolutionS: number; fromMs: number; toMs: number };

const floorTo = (ms: number, stepMs: number) => Math.floor(ms / stepMs) * stepMs;
const ceilTo = (ms: number, stepMs: number) => Math.ceil(ms / stepMs) * stepMs;

/**
 * The fewest rollup buckets that together hold exactly the trades of `[startMs, endMs)`, both
 * minute-aligned: whole days in the middle, whole hours beside them, minutes at the edges. Each
 * trade lies in exactly one chosen bucket, so summing them counts every trade of the span once.
 * @returns at most five ranges (minutes, hours, days, hours, minutes), empty ones left out.
 * @example traderBucketCover(Date.UTC(2026, 0, 1, 23, 30), Date.UTC(2026, 0, 3, 0, 10))
 */
export function traderBucketCover(startMs: number, endMs: number): TraderBucketRange[] {
  if (startMs % 60_000 !== 0 || endMs % 60_000 !== 0) {
    throw new RangeError(`trader bucket cover needs minute-aligned bounds, got ${startMs}..${endMs}`);
  }
  const coarseFirst = [...TRADER_BUCKET_RESOLUTIONS_S].reverse();
  return cover(startMs, endMs, coarseFirst);
}

function cover(lo: number, hi: number, levels: readonly number[]): TraderBucketRange[] {
  if (lo >= hi) return [];
  const [r, ...finer] = levels;
  if (r === undefined) return [];
  if (finer.length === 0) return [{ resolutionS: r, fromMs: lo, toMs: hi }];
  const step = r * 1000;
  const a = ceilTo(lo, step);
  const b = floorTo(hi, step);
  if (a >= b) return cover(lo, hi, finer);
  return [...cover(lo, a, finer), { resolutionS: r, fromMs: a, toMs: b }, ...cover(b, hi, finer)];
}
