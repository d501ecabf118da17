import { describe, expect, it } from "vitest";
import { TRADER_BUCKET_RESOLUTIONS_S, traderBucketCover } from "./traderBucketCover.ts";

const MIN = 60_000;

/** Every minute of the span, each expanded from the range that covers it. */
function minutesCovered(start: number, end: number): number[] {
  const out: number[] = [];
  for (const r of traderBucketCover(start, end)) {
    for (let b = r.fromMs; b < r.toMs; b += r.resolutionS * 1000) {
      expect(b % (r.resolutionS * 1000)).toBe(0);
      for (let m = b; m < b + r.resolutionS * 1000; m += MIN) out.push(m);
    }
  }
  return out;
}

describe("traderBucketCover", () => {
  it("covers each minute of a span exactly once, with aligned buckets", () => {
    const base = Date.UTC(2026, 10, 20, 0, 0);
    const cases = [
      [base + 7 * MIN, base + 9 * MIN],
      [base + 37 * MIN, base + 4 * 60 * MIN + 13 * MIN],
      [base - 90 * MIN, base + 30 * 24 * 60 * MIN + 17 * MIN],
      [base, base + 24 * 60 * MIN],
      [base + 60 * MIN, base + 61 * MIN],
    ] as const;
    for (const [start, end] of cases) {
      const got = minutesCovered(start, end);
      const want: number[] = [];
      for (let m = start; m < end; m += MIN) want.push(m);
      expect(got.sort((a, b) => a - b)).toEqual(want);
    }
  });

  it("uses whole days and hours in the middle of a long span", () => {
    const base = Date.UTC(2026, 10, 20, 0, 0);
    const ranges = traderBucketCover(base - 90 * MIN, base + 2 * 24 * 60 * MIN + 17 * MIN);
    expect(ranges).toEqual([
      { resolutionS: 60, fromMs: base - 90 * MIN, toMs: base - 60 * MIN },
      { resolutionS: 3600, fromMs: base - 60 * MIN, toMs: base },
      { resolutionS: 86400, fromMs: base, toMs: base + 2 * 24 * 60 * MIN },
      { resolutionS: 60, fromMs: base + 2 * 24 * 60 * MIN, toMs: base + 2 * 24 * 60 * MIN + 17 * MIN },
    ]);
    expect(ranges.length).toBeLessThanOrEqual(2 * TRADER_BUCKET_RESOLUTIONS_S.length - 1);
  });

  it("is empty for an empty span and refuses unaligned bounds", () => {
    expect(traderBucketCover(MIN, MIN)).toEqual([]);
    expect(() => traderBucketCover(MIN + 1, 2 * MIN)).toThrow(RangeError);
  });
});
