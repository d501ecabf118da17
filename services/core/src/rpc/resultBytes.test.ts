import { describe, expect, it } from "vitest";
import { resultBytes } from "./resultBytes.ts";

describe("resultBytes", () => {
  it("answers JSON.stringify's bytes for a candle page, a trade page and anything else", () => {
    const candles = Array.from({ length: 150 }, (_, i) => ({
      time: 1_760_000_000 + i * 60,
      open: i === 3 ? null : 0.5 + i / 1e6,
      high: Number.NaN,
      low: 0.4,
      close: 1e-9 * (i + 1),
      volume: i === 3 ? null : 12.25,
      volumeToken: 1e21 * i,
      trades: i % 5,
    }));
    const candlePage = { data: candles, interval: "1m", count: 150, hasMore: false, pools: ["p"], asOf: 1 };
    const tradePage = {
      data: candles.map((c, i) => ({ id: `t${i}`, symbol: "Pépé 🐸", at: c.time })),
      hasMore: true,
    };
    for (const [method, result] of [
      ["poolOhlcv", candlePage],
      ["tokenOhlcv", { ...candlePage, data: candles.slice(0, 2) }],
      ["poolTrades", tradePage],
      ["tokenSnapshot", { address: "a", priceUsd: null }],
    ] as const) {
      expect(resultBytes(method, result).toString("utf8"), method).toBe(JSON.stringify(result));
    }
  });
});
