import type { PageCandle } from "./ports/marketQueries.ts";

// JSON writes null, and a number that is not finite, as null.
const num = (v: number | null): string => (v !== null && Number.isFinite(v) ? `${v}` : "null");

/**
 * The JSON text of a candle array, exactly as `JSON.stringify` writes it (same keys in the same
 * order, same number forms), built directly: a page holds up to 2,000 candles and this is several
 * times faster than the generic serializer.
 */
export function candlesJson(candles: readonly PageCandle[]): string {
  let out = "[";
  for (let i = 0; i < candles.length; i++) {
    const c = candles[i] as PageCandle;
    if (i > 0) out += ",";
    out += `{"time":${num(c.time)},"open":${num(c.open)},"high":${num(c.high)},"low":${num(c.low)},"close":${num(c.close)},"volume":${num(c.volume)},"volumeToken":${num(c.volumeToken)},"trades":${num(c.trades)}}`;
  }
  return `${out}]`;
}
