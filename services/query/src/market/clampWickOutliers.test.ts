import type { Candle } from "@tapeline/core";
import { describe, expect, it } from "vitest";
import { clampWickOutliers, WICK_CLAMP_BAND } from "./clampWickOutliers.ts";

const c = (open: number, high: number, low: number, close: number, trades: number): Candle => ({
  time: 60,
  open,
  high,
  low,
  close,
  volume: 12.5,
  volumeToken: 900,
  trades,
});

describe("clampWickOutliers", () => {
  it("clamps a wick made by a single trade to the band around the body", () => {
    const [up, down] = clampWickOutliers([c(10, 40, 9.5, 10.2, 2), c(10, 10.5, 1, 9.8, 2)]);
    expect(up!.high).toBeCloseTo(10.2 * (1 + WICK_CLAMP_BAND), 12);
    expect(up!.low).toBe(9.5);
    expect(down!.low).toBeCloseTo(9.8 / (1 + WICK_CLAMP_BAND), 12);
    expect(down!.high).toBe(10.5);
  });

  it("keeps a genuine move: the body carries it, and wicks confirmed by several trades stay", () => {
    const body = c(10, 30, 10, 30, 2);
    const busy = c(10, 40, 2, 10.2, 3);
    const inside = c(10, 12, 8.5, 10.5, 1);
    const out = clampWickOutliers([body, busy, inside]);
    expect(out).toEqual([body, busy, inside]);
  });

  it("never changes open, close, volumes, trade counts or time, nor the input", () => {
    const input = [c(10, 40, 1, 10.2, 2), c(3, 90, 0.1, 4, 1)];
    const copy = structuredClone(input);
    const out = clampWickOutliers(input);
    expect(input).toEqual(copy);
    out.forEach((o, i) => {
      const { high: _h, low: _l, ...rest } = o;
      const { high: _ih, low: _il, ...inRest } = input[i]!;
      expect(rest).toEqual(inRest);
      expect(o.high).toBeGreaterThanOrEqual(Math.max(o.open, o.close));
      expect(o.low).toBeLessThanOrEqual(Math.min(o.open, o.close));
    });
    expect(out[1]!.high).toBeCloseTo(4 * (1 + WICK_CLAMP_BAND), 12);
  });

  it("leaves flat filled candles alone", () => {
    const flat = { ...c(5, 5, 5, 5, 0), volume: 0, volumeToken: 0 };
    expect(clampWickOutliers([flat])[0]).toBe(flat);
  });
});
