import type { PageCandle } from "@tapeline/core";
import type { NativeCandle } from "./assembleCandles.ts";

/**
 * Converts native candles to USD. Prices of each candle are converted at its own window's
 * native/USD rate (`rates[i]`), so consecutive opens may step; the volume is the sum of each
 * swap valued at its own minute's rate when the buckets know it, else the native volume at the
 * window's rate. A window without a known rate gives null prices and, unless the buckets know
 * its USD volume, a null volume. `volumeToken` and `trades` are never converted.
 */
export function convertCandlesToUsd(
  candles: NativeCandle[],
  rates: readonly (number | null)[],
): PageCandle[] {
  if (rates.length !== candles.length) throw new RangeError("one rate per candle");
  return candles.map((c, i) => {
    const r = rates[i] ?? null;
    return {
      time: c.time,
      open: r === null ? null : c.open * r,
      high: r === null ? null : c.high * r,
      low: r === null ? null : c.low * r,
      close: r === null ? null : c.close * r,
      volume: c.volumeUsd ?? (r === null ? null : c.volume * r),
      volumeToken: c.volumeToken,
      trades: c.trades,
    };
  });
}
