import { describe, expect, it } from "vitest";
import { buildSparkline } from "./buildSparkline.ts";
import { SPARKLINE_GRIDS, sparklineGrid } from "./sparklineGrid.ts";

describe("sparklineGrid", () => {
  it("follows the table of points and intervals", () => {
    const table = Object.fromEntries(
      Object.entries(SPARKLINE_GRIDS).map(([k, v]) => [k, [v.points, v.stepS]]),
    );
    expect(table).toEqual({
      "1m": [30, 2],
      "5m": [30, 10],
      "30m": [30, 60],
      "1h": [30, 120],
      "24h": [24, 3600],
      "7d": [28, 21600],
    });
    const now = Date.UTC(2024, 4, 1, 13, 37, 11);
    const grid = sparklineGrid("24h", now);
    expect(grid.starts).toHaveLength(24);
    expect(grid.starts.at(-1)).toBe(Date.UTC(2024, 4, 1, 13) / 1000);
    expect(grid.starts[1]! - grid.starts[0]!).toBe(3600);
  });
});

describe("buildSparkline", () => {
  const slots = { starts: [0, 10, 20, 30], stepS: 10, base: 1 as const };

  it("gives [] for a market with no data", () => {
    expect(
      buildSparkline({ slots, closes: new Map(), prevClose: null, firstOpen: null, timestamps: false }),
    ).toEqual([]);
    expect(
      buildSparkline({ slots, closes: new Map(), prevClose: null, firstOpen: null, timestamps: true }),
    ).toEqual([]);
  });

  it("carries the previous close through empty slots and keeps the full grid", () => {
    const closes = new Map([
      [10, 2],
      [30, 4],
    ]);
    expect(buildSparkline({ slots, closes, prevClose: 1, firstOpen: 1.5, timestamps: false })).toEqual([
      1, 2, 2, 4,
    ]);
  });

  it("for a young market, pads bare points with the first traded price and dates only real points", () => {
    const closes = new Map([[20, 3]]);
    expect(buildSparkline({ slots, closes, prevClose: null, firstOpen: 2.5, timestamps: false })).toEqual([
      2.5, 2.5, 3, 3,
    ]);
    expect(buildSparkline({ slots, closes, prevClose: null, firstOpen: 2.5, timestamps: true })).toEqual([
      { at: 20_000, value: 3 },
      { at: 30_000, value: 3 },
    ]);
  });
});
