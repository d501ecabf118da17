import type { SparklinePoint } from "@tapeline/core";
import type { SparklineSlots } from "./sparklineGrid.ts";

export type BuildSparklineInput = {
  slots: SparklineSlots;
  /** close price of each slot that holds trades, by slot start (seconds); numbers in the served quote */
  closes: Map<number, number>;
  /** the last price before the first slot, in the served quote; null when the market is younger */
  prevClose: number | null;
  /** the first traded price inside the window (the open of the first traded slot) */
  firstOpen: number | null;
  timestamps: boolean;
};

/**
 * Sparkline points: each slot's value is its close, a slot without trades carrying the previous
 * value. A market with no price at all gives `[]`. Without timestamps the grid is always full:
 * slots before a young market's first trade carry that first traded price. With timestamps,
 * points start at the first slot with a known price (`at` is the slot start in ms), so a market
 * younger than the timeframe gives fewer points.
 */
export function buildSparkline(input: BuildSparklineInput): SparklinePoint[] {
  const { slots, closes, timestamps } = input;
  if (input.prevClose === null && closes.size === 0) return [];
  const values: (number | null)[] = [];
  let last = input.prevClose;
  for (const t of slots.starts) {
    const c = closes.get(t);
    if (c !== undefined) last = c;
    values.push(last);
  }
  if (timestamps) {
    const out: SparklinePoint[] = [];
    values.forEach((v, i) => {
      if (v !== null) out.push({ at: (slots.starts[i] as number) * 1000, value: v });
    });
    return out;
  }
  const lead = input.firstOpen ?? values.find((v) => v !== null) ?? null;
  return values.map((v) => (v === null ? (lead as number) : v));
}
