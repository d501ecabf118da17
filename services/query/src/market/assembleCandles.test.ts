import { describe, expect, it } from "vitest";
import { assembleCandles, type CandleGroup } from "./assembleCandles.ts";
import { parseInterval } from "./parseInterval.ts";

const g = (time: number, o: string, h: string, l: string, c: string, trades = 1): CandleGroup => ({
  time,
  open: o,
  high: h,
  low: l,
  close: c,
  volumeNative: "1.5",
  volumeToken: "10",
  volumeUsd: null,
  trades,
});
const m1 = parseInterval("1m");

describe("assembleCandles", () => {
  it("opens the first candle of history at its own first trade, each next one at the previous close", () => {
    const out = assembleCandles({
      spec: m1,
      groups: [g(120, "5", "6", "4", "5.5"), g(0, "1", "2", "1", "2")],
      prevClose: null,
      fill: null,
    });
    expect(out.map((c) => [c.time, c.open, c.high, c.low, c.close])).toEqual([
      [0, 1, 2, 1, 2],
      [120, 2, 6, 2, 5.5],
    ]);
  });

  it("opens the oldest candle of a later page at the close before the page, stretching high/low", () => {
    const out = assembleCandles({
      spec: m1,
      groups: [g(60, "3", "3.5", "3", "3.2")],
      prevClose: "9",
      fill: null,
    });
    expect(out[0]).toMatchObject({ open: 9, high: 9, low: 3, close: 3.2 });
  });

  it("fills empty slots with flat zero-volume candles at the previous close", () => {
    const out = assembleCandles({
      spec: m1,
      groups: [g(60, "1", "1", "1", "1"), g(240, "2", "2", "2", "2")],
      prevClose: null,
      fill: { first: 0, last: 300 },
    });
    expect(out.map((c) => c.time)).toEqual([60, 120, 180, 240, 300]);
    expect(out[1]).toEqual({
      time: 120,
      open: 1,
      high: 1,
      low: 1,
      close: 1,
      volume: 0,
      volumeToken: 0,
      trades: 0,
      volumeUsd: 0,
    });
    expect(out[3]).toMatchObject({ open: 1, close: 2, trades: 1 });
    expect(out[4]).toMatchObject({ open: 2, close: 2, volume: 0, trades: 0 });
  });

  it("with fill and a known close before the page, starts at the first slot", () => {
    const out = assembleCandles({ spec: m1, groups: [], prevClose: "7", fill: { first: 0, last: 120 } });
    expect(out.map((c) => [c.time, c.open, c.close, c.trades])).toEqual([
      [0, 7, 7, 0],
      [60, 7, 7, 0],
      [120, 7, 7, 0],
    ]);
  });

  it("without fill returns only traded buckets, still connected across gaps", () => {
    const out = assembleCandles({
      spec: m1,
      groups: [g(0, "1", "1", "1", "1"), g(600, "3", "3", "3", "3")],
      prevClose: null,
      fill: null,
    });
    expect(out).toHaveLength(2);
    expect(out[1]).toMatchObject({ time: 600, open: 1, low: 1, high: 3 });
  });

  it("fills calendar months", () => {
    const M = parseInterval("1M");
    const jan = Date.UTC(2024, 0, 1) / 1000;
    const mar = Date.UTC(2024, 2, 1) / 1000;
    const out = assembleCandles({
      spec: M,
      groups: [g(jan, "1", "1", "1", "1"), g(mar, "2", "2", "2", "2")],
      prevClose: null,
      fill: { first: jan, last: mar },
    });
    expect(out.map((c) => c.time)).toEqual([jan, Date.UTC(2024, 1, 1) / 1000, mar]);
  });
});

describe("assembleCandles wick clamping", () => {
  it("clamps a single-trade wick after connecting, keeping open, close and volume", () => {
    const out = assembleCandles({
      spec: m1,
      groups: [g(0, "10", "10", "10", "10"), g(60, "30", "30", "9.9", "9.9", 2)],
      prevClose: null,
      fill: null,
    });
    expect(out[1]).toMatchObject({ open: 10, close: 9.9, low: 9.9, volume: 1.5, trades: 2 });
    expect(out[1]!.high).toBeCloseTo(12.5, 12);
  });
});
