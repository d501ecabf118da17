import { type ChainId, chainFamily, STATS_WINDOWS, type StatsWindow, type WindowStats } from "@tapeline/core";
import { addWindowTotals, type WindowTotals } from "./addWindowTotals.ts";
import { type ReadWindowStatsInput, STATS_WINDOW_MS } from "./readWindowStats.ts";

export type ReadTokenWindowTotalsInput = {
  chain: ChainId;
  /** the token's markets with their last trade time (ms, null when never traded) */
  markets: readonly { market: string; lastTradeAt: number | null }[];
  /** the market whose trades make the price change (the token's best), null for none */
  priceMarket: string | null;
  windows: StatsWindow[];
  nowMs: number;
  spotUsd: number | null;
};

/**
 * A token's windowed totals ({@link addWindowTotals}) read one market at a time: each market
 * that traded since the oldest window's start (its last trade time says so; the others add
 * nothing) and the pricing market. On Citus each statement then routes to its market's shard,
 * where one statement over all the token's markets would read each of their shards.
 */
export async function readTokenWindowTotals(
  q: ReadTokenWindowTotalsInput,
  /** one market's figures: `readWindowStats` on the store, or a shard's memory of them */
  read: (one: ReadWindowStatsInput) => Promise<Partial<Record<StatsWindow, WindowStats>>>,
): Promise<Partial<Record<StatsWindow, WindowTotals>>> {
  const windows = STATS_WINDOWS.filter((w) => q.windows.includes(w));
  if (windows.length === 0) return {};
  const oldest = q.nowMs - Math.max(...windows.map((w) => STATS_WINDOW_MS[w]));
  const markets = new Set(
    q.markets.filter((m) => m.lastTradeAt !== null && m.lastTradeAt > oldest).map((m) => m.market),
  );
  if (q.priceMarket !== null) markets.add(q.priceMarket);
  const parts = await Promise.all(
    [...markets].map(async (market) => ({
      market,
      stats: await read({
        chain: q.chain,
        markets: [market],
        priceMarkets: market === q.priceMarket ? [market] : [],
        windows,
        nowMs: q.nowMs,
        spotUsd: q.spotUsd,
      }),
    })),
  );
  const usd = { solana: chainFamily(q.chain) === "solana", spotUsd: q.spotUsd };
  const out: Partial<Record<StatsWindow, WindowTotals>> = {};
  for (const w of windows) {
    const of = parts.flatMap((p) => (p.stats[w] ? [p.stats[w]] : []));
    const priced = parts.find((p) => p.market === q.priceMarket)?.stats[w];
    out[w] = addWindowTotals(of, priced?.priceChangePct ?? null, usd);
  }
  return out;
}
