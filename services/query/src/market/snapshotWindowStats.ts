import {
  addExact,
  chainFamily,
  type ExactDecimal,
  exactToNumber,
  type MarketWindowFigures,
  marketWindowFigures,
  mulExact,
  parseExact,
  priceChangePct,
  type SnapshotTrade,
  STATS_WINDOWS,
  type StatsWindow,
  type TokenWindowState,
  type WindowStats,
} from "@tapeline/core";
import type { MarketDb } from "./MarketDb.ts";
import { readEdgeTrades, readMinuteRates } from "./readTokenState.ts";
import { type ReadWindowStatsInput, STATS_WINDOW_MS } from "./readWindowStats.ts";

/**
 * One market's window figures as `readWindowStats` gives them: volumes as the numbers of the
 * store's exact sums; USD volume at the spot rate on EVM, and on Solana as the exact sum of each
 * minute's volume at its rate (`rates`; null when no minute with volume has one, 0 with no
 * volume); the price change when `priced`. Distinct makers are not kept (0).
 */
export function toWindowStats(
  f: MarketWindowFigures,
  opts: {
    solana: boolean;
    spotUsd: number | null;
    priced: boolean;
    rates: ReadonlyMap<number, string | null>;
  },
): WindowStats {
  const vol = exactToNumber(f.volume);
  let usd: ExactDecimal | null = null;
  if (opts.solana) {
    for (const [minute, v] of f.minuteVolumes) {
      const rate = opts.rates.get(minute) ?? null;
      if (rate !== null) usd = addExact(usd ?? { n: 0n, scale: 0 }, mulExact(v, parseExact(rate)));
    }
  }
  return {
    volumeNative: vol,
    volumeUsd: opts.solana
      ? usd === null
        ? vol === 0
          ? 0
          : null
        : exactToNumber(usd)
      : opts.spotUsd === null
        ? null
        : vol * opts.spotUsd,
    buyVolumeNative: exactToNumber(f.buyVolume),
    sellVolumeNative: exactToNumber(f.sellVolume),
    buys: f.buys,
    sells: f.sells,
    txns: f.buys + f.sells,
    makers: 0,
    priceChangePct: opts.priced
      ? priceChangePct(f.before?.[3] ?? f.first?.[3] ?? null, f.last?.[3] ?? null)
      : null,
  };
}

/**
 * The windowed figures of one market (`q.markets`, a single one) from the token's window state:
 * the state's minutes, the trades of a minute a window's edge cuts through (one more read of the
 * market's trades, only then), and on Solana the rates of the minutes with volume. Null when a
 * window starts before the state's first minute (the caller reads the trades instead).
 */
export async function readSnapshotWindowStats(
  db: MarketDb,
  state: TokenWindowState,
  q: ReadWindowStatsInput,
): Promise<Partial<Record<StatsWindow, WindowStats>> | null> {
  const market = q.markets[0];
  if (market === undefined || q.markets.length !== 1) return null;
  const windows = STATS_WINDOWS.filter((w) => q.windows.includes(w));
  const figure = (w: StatsWindow, edges?: ReadonlyMap<number, readonly SnapshotTrade[]>) =>
    marketWindowFigures(state, market, q.nowMs - STATS_WINDOW_MS[w], q.nowMs, edges);
  let figures = windows.map((w) => figure(w));
  if (figures.some((f) => f === null)) return null;
  const edges = [...new Set(figures.flatMap((f) => (f !== null && "edges" in f ? f.edges : [])))];
  if (edges.length > 0) {
    const trades = new Map<number, SnapshotTrade[]>();
    // a window has two edges, so each read asks for two minutes at most
    for (let i = 0; i < edges.length; i += 2) {
      for (const [m, ts] of await readEdgeTrades(db, market, edges.slice(i, i + 2))) trades.set(m, ts);
    }
    figures = windows.map((w) => figure(w, trades));
  }
  const full = figures as MarketWindowFigures[];
  if (full.some((f) => f === null || "edges" in f)) return null;
  const solana = chainFamily(q.chain) === "solana";
  const minutes = solana ? [...new Set(full.flatMap((f) => [...f.minuteVolumes.keys()]))] : [];
  const rates = await readMinuteRates(db, q.chain, minutes);
  const priced = q.priceMarkets.includes(market);
  const out: Partial<Record<StatsWindow, WindowStats>> = {};
  windows.forEach((w, k) => {
    out[w] = toWindowStats(full[k]!, { solana, spotUsd: q.spotUsd, priced, rates });
  });
  return out;
}
