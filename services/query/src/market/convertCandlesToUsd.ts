import type { Candle } from "@tapeline/core";
import type { NativeCandle } from "./assembleCandles.ts";

/**
 * Converts native candles to USD. Prices of each candle are converted at its own window's
 * native/USD rate (`rates[i]`), so consecutive opens may step; the volume is the sum of each
 * swap valued at its own minute's rate when the buckets know it, else the native volume at the
 * window's rate. `volumeToken` and `trades` are never converted.
 */
export function convertCandlesToUsd(candles: NativeCandle[], rates: number[]): Candle[] {
  if (rates.length !== candles.length) throw new RangeError("one rate per candle");
  return candles.map((c, i) => {
    const r = rates[i] as number;
    return {
      time: c.time,
      open: c.open * r,
      high: c.high * r,
      low: c.low * r,
      close: c.close * r,
      volume: c.volumeUsd ?? c.volume * r,
      volumeToken: c.volumeToken,
      trades: c.trades,
    };
  });
}
