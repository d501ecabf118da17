import type { Candle } from "@tapeline/core";

/**
 * Candles with more trades than this are never clamped. A connected candle's open is the
 * previous close and its close is its last trade, so with at most two trades only one print
 * (the first) can reach beyond the body: the wick rests on a single trade.
 */
export const WICK_CLAMP_MAX_TRADES = 2;
/** How far (as a fraction of the body edge) a single-trade wick may reach beyond the body. */
export const WICK_CLAMP_BAND = 0.25;

/**
 * Clamps single-trade wick outliers in connected candles and returns a new array; the input is
 * not modified.
 *
 * Rule: a candle holding 1 to {@link WICK_CLAMP_MAX_TRADES} trades has its high capped at
 * `max(open, close) × (1 + WICK_CLAMP_BAND)` and its low raised to
 * `min(open, close) / (1 + WICK_CLAMP_BAND)`. Such a wick is one print (a fat-finger swap, a
 * sandwich leg in a thin pool) that the market did not confirm before the candle closed. A
 * genuine move survives: it moves the close, and the body is never touched; a candle with
 * several trades keeps its wicks whatever their size. Open, close, volumes and trade counts are
 * never changed.
 *
 * The rule reads only the candle itself (its open being the previous close), never its
 * neighbours on the page, so a candle is clamped the same whichever page it lands on and
 * settled pages stay immutable.
 */
export function clampWickOutliers<C extends Candle>(candles: readonly C[]): C[] {
  return candles.map((c) => {
    if (c.trades < 1 || c.trades > WICK_CLAMP_MAX_TRADES) return c;
    const high = Math.min(c.high, Math.max(c.open, c.close) * (1 + WICK_CLAMP_BAND));
    const low = Math.max(c.low, Math.min(c.open, c.close) / (1 + WICK_CLAMP_BAND));
    return high === c.high && low === c.low ? c : { ...c, high, low };
  });
}
