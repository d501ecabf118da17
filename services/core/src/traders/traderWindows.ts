import { TOP_TRADER_TIMEFRAME_MS } from "../ports/traderQueries.ts";
import { type TraderBucketRange, traderBucketCover } from "./traderBucketCover.ts";

/**
 * Timeframes whose per-wallet sums are kept as sliding rows (`trader_windows`, migration 0120):
 * every window of a market ranking, so each is read from its sort key's index rather than
 * summed from the rollups per request (a busy market's 4h window holds thousands of wallets).
 */
export const SLIDING_TRADER_TIMEFRAMES = ["1h", "4h", "1d", "7d", "30d"] as const;
export type SlidingTraderTimeframe = (typeof SLIDING_TRADER_TIMEFRAMES)[number];

/**
 * Advisory lock held by the writer and a rollback (shared) and by the window slide (exclusive)
 * around their window-row changes, so a slide never subtracts a bucket whose trades a concurrent
 * write adds to window rows after the slide read it.
 */
export const TRADER_WINDOWS_LOCK = 7_261_736_520;

const MINUTE = 60_000;
const DAY = 86_400_000;

/**
 * Where a window of `timeframeMs` asked at `nowMs` starts: the minute holding `nowMs − timeframeMs`.
 * @example traderWindowStart(Date.UTC(2026, 0, 2, 0, 0, 30), 86_400_000) === Date.UTC(2026, 0, 1)
 */
export function traderWindowStart(nowMs: number, timeframeMs: number): number {
  return Math.floor((nowMs - timeframeMs) / MINUTE) * MINUTE;
}

/** {@link traderWindowStart} of a sliding timeframe. */
export function slidingWindowStart(nowMs: number, timeframe: SlidingTraderTimeframe): number {
  return traderWindowStart(nowMs, TOP_TRADER_TIMEFRAME_MS[timeframe]);
}

/**
 * The rollup buckets holding exactly the trades at or after `startMs` (minute-aligned): minutes
 * and hours up to the next day, then every day bucket.
 */
export function traderBucketCoverFrom(startMs: number): TraderBucketRange[] {
  const day = Math.ceil(startMs / DAY) * DAY;
  return [
    ...traderBucketCover(startMs, day),
    { resolutionS: 86_400, fromMs: day, toMs: Number.MAX_SAFE_INTEGER },
  ];
}
