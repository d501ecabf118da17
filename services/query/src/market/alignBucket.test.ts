import { describe, expect, it } from "vitest";
import { alignBucket } from "./alignBucket.ts";
import { parseInterval } from "./parseInterval.ts";
import { stepBucket } from "./stepBucket.ts";

const s = (iso: string) => Date.parse(iso) / 1000;

describe("alignBucket and stepBucket", () => {
  it("aligns fixed intervals to the epoch", () => {
    expect(alignBucket(s("2024-03-05T10:17:43Z"), parseInterval("1s"))).toBe(s("2024-03-05T10:17:43Z"));
    expect(alignBucket(s("2024-03-05T10:17:43Z"), parseInterval("15s"))).toBe(s("2024-03-05T10:17:30Z"));
    expect(alignBucket(s("2024-03-05T10:17:43Z"), parseInterval("5m"))).toBe(s("2024-03-05T10:15:00Z"));
    expect(alignBucket(s("2024-03-05T10:17:43Z"), parseInterval("4h"))).toBe(s("2024-03-05T08:00:00Z"));
    expect(alignBucket(s("2024-03-05T10:17:43Z"), parseInterval("1d"))).toBe(s("2024-03-05T00:00:00Z"));
  });

  it("starts weeks on Thursday 00:00 UTC", () => {
    const w = parseInterval("1w");
    // 2024-03-05 is a Tuesday; its week began Thursday 2024-02-29.
    expect(alignBucket(s("2024-03-05T10:00:00Z"), w)).toBe(s("2024-02-29T00:00:00Z"));
    expect(new Date(alignBucket(s("2024-03-05T10:00:00Z"), w) * 1000).getUTCDay()).toBe(4);
    expect(alignBucket(s("2024-03-07T00:00:00Z"), w)).toBe(s("2024-03-07T00:00:00Z"));
    expect(alignBucket(s("2024-03-06T23:59:59Z"), w)).toBe(s("2024-02-29T00:00:00Z"));
    expect(stepBucket(s("2024-02-29T00:00:00Z"), w, 1)).toBe(s("2024-03-07T00:00:00Z"));
  });

  it("uses UTC calendar months for 1M, stepping across years and leap Februaries", () => {
    const m = parseInterval("1M");
    expect(alignBucket(s("2024-02-29T23:59:59Z"), m)).toBe(s("2024-02-01T00:00:00Z"));
    expect(alignBucket(s("2024-03-01T00:00:00Z"), m)).toBe(s("2024-03-01T00:00:00Z"));
    expect(stepBucket(s("2024-01-01T00:00:00Z"), m, -1)).toBe(s("2023-12-01T00:00:00Z"));
    expect(stepBucket(s("2023-12-01T00:00:00Z"), m, 3)).toBe(s("2024-03-01T00:00:00Z"));
    expect(stepBucket(s("2024-02-01T00:00:00Z"), m, 1) - s("2024-02-01T00:00:00Z")).toBe(29 * 86400);
  });
});
