import { describe, expect, it } from "vitest";
import { JsonText } from "../JsonText.ts";
import { createResultSerializer, resultBytes } from "./resultBytes.ts";

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

  it("serializes a text as is, nothing as null, and each object once", () => {
    const bytesOf = createResultSerializer();
    expect(bytesOf("walletSwaps", new JsonText('{"data":[1]}')).toString()).toBe('{"data":[1]}');
    expect(bytesOf("tokenSnapshot", undefined).toString()).toBe("null");
    expect(bytesOf("tokenSnapshot", null).toString()).toBe("null");
    expect(bytesOf("tokenSnapshot", 3).toString()).toBe("3");
    const snapshot = { address: "a", priceUsd: 1.5 };
    const first = bytesOf("tokenSnapshot", snapshot);
    expect(first.toString()).toBe(JSON.stringify(snapshot));
    expect(bytesOf("tokenSnapshot", snapshot)).toBe(first);
    expect(bytesOf("tokenSnapshot", { ...snapshot })).not.toBe(first);
  });
});
