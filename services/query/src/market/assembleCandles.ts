import type { Candle } from "@tapeline/core";
import { clampWickOutliers } from "./clampWickOutliers.ts";
import type { IntervalSpec } from "./parseInterval.ts";
import { stepBucket } from "./stepBucket.ts";

/** One rolled-up candle as read from base buckets: decimal strings, native quote. */
export type CandleGroup = {
  time: number;
  open: string;
  high: string;
  low: string;
  close: string;
  volumeNative: string;
  volumeToken: string;
  /** sum of per-trade USD values (each trade at its own minute's rate); null when no rate was known */
  volumeUsd: string | null;
  trades: number;
};

/** A native candle plus the USD volume of its trades, before any USD conversion. */
export type NativeCandle = Candle & { volumeUsd: number | null };

export type AssembleCandlesInput = {
  spec: IntervalSpec;
  /** candles that hold trades, any order */
  groups: CandleGroup[];
  /**
   * Close of the latest trade before the page (null when the page starts the history, or starts
   * at `from`). The oldest candle opens there, and filled candles before the first traded one
   * carry it.
   */
  prevClose: string | null;
  /** With fill: the slot range (aligned candle starts, inclusive) the page covers. */
  fill: { first: number; last: number } | null;
};

/**
 * Builds a page of connected candles, oldest first. Each candle opens at the previous candle's
 * close (the first one at `prevClose` when given, else at its own first trade); high and low
 * stretch to include that open. With `fill`, every slot from the first candle with a price to
 * `fill.last` is present, slots without trades being flat zero-volume candles at the previous
 * close; slots before any known price are left out (nothing is invented). Single-trade wick
 * outliers are then clamped by {@link clampWickOutliers}.
 */
export function assembleCandles(input: AssembleCandlesInput): NativeCandle[] {
  const groups = [...input.groups].sort((a, b) => a.time - b.time);
  const out: NativeCandle[] = [];
  let last: number | null = input.prevClose === null ? null : Number(input.prevClose);

  const traded = (g: CandleGroup): NativeCandle => {
    const open = last ?? Number(g.open);
    const close = Number(g.close);
    last = close;
    return {
      time: g.time,
      open,
      high: Math.max(Number(g.high), open),
      low: Math.min(Number(g.low), open),
      close,
      volume: Number(g.volumeNative),
      volumeToken: Number(g.volumeToken),
      trades: g.trades,
      volumeUsd: g.volumeUsd === null ? null : Number(g.volumeUsd),
    };
  };

  if (!input.fill) {
    for (const g of groups) out.push(traded(g));
    return clampWickOutliers(out);
  }

  const byTime = new Map(groups.map((g) => [g.time, g]));
  for (let t = input.fill.first; t <= input.fill.last; t = stepBucket(t, input.spec, 1)) {
    const g = byTime.get(t);
    if (g) out.push(traded(g));
    else if (last !== null) {
      out.push({
        time: t,
        open: last,
        high: last,
        low: last,
        close: last,
        volume: 0,
        volumeToken: 0,
        trades: 0,
        volumeUsd: 0,
      });
    }
  }
  return clampWickOutliers(out);
}
