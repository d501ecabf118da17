import { createTestDatabase, type TestDatabase } from "@tapeline/core/testing";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { closesAtMinutes, readMinuteCloses } from "./readMinuteCloses.ts";

const M = 60_000;

describe("closesAtMinutes", () => {
  it("takes the latest candle starting at or before each minute, null before the first", () => {
    const candles: [number, number][] = [
      [2 * M, 1.5],
      [3 * M, 2],
      [7 * M, 4],
    ];
    expect(closesAtMinutes(candles, [0, M, 2 * M, 5 * M, 7 * M, 30 * M])).toEqual([null, null, 1.5, 2, 4, 4]);
  });

  it("serves every minute from a candle before them all", () => {
    expect(closesAtMinutes([[0, 9]], [5 * M, 10 * M])).toEqual([9, 9]);
    expect(closesAtMinutes([], [M])).toEqual([null]);
  });
});

describe("readMinuteCloses", () => {
  let db: TestDatabase;
  const T = 1_760_000_000_000 - (1_760_000_000_000 % M);
  // a candle every third minute for 300 minutes, closes 1, 2, 3, ...; another market's candles interleaved
  const candles: [number, number][] = Array.from({ length: 100 }, (_, k) => [T + 3 * k * M, k + 1]);

  beforeAll(async () => {
    db = await createTestDatabase();
    for (const [market, shift] of [
      ["m/a", 0],
      ["m/b", 1],
    ] as const)
      await db.pool.query(
        `insert into candle_buckets (market, resolution_s, bucket_start, open, high, low, close, first_at, last_at)
         select $1, 60, s / 1000, c, c, c, c + $3, s, s from unnest($2::bigint[], $4::numeric[]) as x(s, c)`,
        [market, candles.map(([s]) => s), shift * 1000, candles.map(([, c]) => c)],
      );
  });
  afterAll(async () => {
    await db?.drop();
  });

  it("reads the same closes by range scan and by per-minute probes, the market's own only", async () => {
    const minutes = Array.from({ length: 61 }, (_, k) => T - 10 * M + 5 * k * M);
    const expected = closesAtMinutes(candles, minutes);
    expect(expected.filter((c) => c === null).length).toBe(2);
    // 100 candles: scanned with the default bound, probed with a bound of 10
    expect(await readMinuteCloses(db.pool, "m/a", minutes)).toEqual(expected);
    expect(await readMinuteCloses(db.pool, "m/a", minutes, 10)).toEqual(expected);
    // a range starting after the first candles takes the last one before it
    const later = minutes.slice(20);
    expect(await readMinuteCloses(db.pool, "m/a", later)).toEqual(expected.slice(20));
    expect(await readMinuteCloses(db.pool, "m/a", later, 10)).toEqual(expected.slice(20));
    expect(await readMinuteCloses(db.pool, "m/none", later)).toEqual(later.map(() => null));
  });
});
