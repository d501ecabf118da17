import { describe, expect, it } from "vitest";
import { candlesJson } from "./candlesJson.ts";
import type { PageCandle } from "./ports/marketQueries.ts";

describe("candlesJson", () => {
  it("writes what JSON.stringify writes, for every number form", () => {
    const forms = [
      0,
      -0,
      1,
      -1,
      0.1,
      1e-7,
      2.5e-12,
      123456789.123,
      1e21,
      2 ** 53 + 2,
      Number.NaN,
      Infinity,
      null,
    ];
    const candles: PageCandle[] = forms.map((v, i) => ({
      time: 1_700_000_000 + i * 60,
      open: v,
      high: forms[(i + 1) % forms.length] as number | null,
      low: forms[(i + 2) % forms.length] as number | null,
      close: forms[(i + 3) % forms.length] as number | null,
      volume: forms[(i + 4) % forms.length] as number | null,
      volumeToken: (forms[(i + 5) % forms.length] ?? 0) as number,
      trades: i,
    }));
    expect(candlesJson(candles)).toBe(JSON.stringify(candles));
    expect(candlesJson([])).toBe("[]");
  });

  it("keeps the keys of the candle in their order even when the objects were built in another order", () => {
    const c = { trades: 2, volumeToken: 3, volume: 4, close: 5, low: 6, high: 7, open: 8, time: 9 };
    expect(JSON.parse(candlesJson([c]))).toEqual([c]);
    expect(Object.keys(JSON.parse(candlesJson([c]))[0])).toEqual([
      "time",
      "open",
      "high",
      "low",
      "close",
      "volume",
      "volumeToken",
      "trades",
    ]);
  });
});
