import {
  addExact,
  EXACT_ZERO,
  type ExactDecimal,
  exactToNumber,
  mulExact,
  parseExact,
  priceChangePct,
  STATS_WINDOWS,
  type StatsWindow,
  type WindowStats,
} from "@tapeline/core";
import { STATS_WINDOW_MS } from "../market/readWindowStats.ts";

/** What the windowed figures need of one trade, with the store's exact price and volume. */
export type WindowTrade = {
  id: string;
  at: number;
  block: number;
  logIndex: number;
  isBuy: boolean;
  maker: string;
  /** native volume as stored; null counts as nothing, as the store's sums skip it */
  volume: ExactDecimal | null;
  /** native price as stored (decimal text); null when unknown */
  price: string | null;
};

/**
 * A market's trades of its trailing window, as a query shard keeps them from the bus: every
 * trade after `horizon` in chain order, and the last priced trade at or before it (the price a
 * window starting there changes from). Values are never changed in place: each step returns a
 * new window.
 */
export type MarketWindow = {
  horizon: number;
  trades: readonly WindowTrade[];
  before: WindowTrade | null;
};

/** Chain order: time, then block, then log index. */
export function compareTrades(a: WindowTrade, b: WindowTrade): number {
  return a.at - b.at || a.block - b.block || a.logIndex - b.logIndex;
}

/** Index of the first trade after `t` in chain order. */
function insertionIndex(trades: readonly WindowTrade[], t: WindowTrade): number {
  let lo = 0;
  let hi = trades.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (compareTrades(trades[mid]!, t) <= 0) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

const later = (a: WindowTrade | null, b: WindowTrade): WindowTrade =>
  a === null || compareTrades(b, a) > 0 ? b : a;

/**
 * The window after one trade: kept in chain order when it falls after the horizon, else it may
 * become the price before it. A trade already held (same id at the same place) changes nothing,
 * so a trade both read from the store and received from the bus counts once.
 */
export function addTrade(w: MarketWindow, t: WindowTrade): MarketWindow {
  if (t.at <= w.horizon) {
    if (t.price === null || w.before?.id === t.id) return w;
    const before = later(w.before, t);
    return before === w.before ? w : { ...w, before };
  }
  const i = insertionIndex(w.trades, t);
  for (let k = i - 1; k >= 0 && compareTrades(w.trades[k]!, t) === 0; k--)
    if (w.trades[k]!.id === t.id) return w;
  return { ...w, trades: [...w.trades.slice(0, i), t, ...w.trades.slice(i)] };
}

/** The window moved forward to `horizon`: trades at or before it leave, their last price stays. */
export function slideWindow(w: MarketWindow, horizon: number): MarketWindow {
  if (horizon <= w.horizon) return w;
  let n = 0;
  let before = w.before;
  while (n < w.trades.length && w.trades[n]!.at <= horizon) {
    if (w.trades[n]!.price !== null) before = later(before, w.trades[n]!);
    n++;
  }
  return { horizon, trades: n === 0 ? w.trades : w.trades.slice(n), before };
}

/** The longest window: how far back a shard keeps trades. */
export const LONGEST_WINDOW_MS = Math.max(...STATS_WINDOWS.map((w) => STATS_WINDOW_MS[w]));

/**
 * How USD volume is valued: at the spot rate (EVM), or each trade at the native/USD rate of its
 * minute (Solana; `rateAt` gives the stored rate of the latest minute at or before it, null
 * when none).
 */
export type UsdValuation =
  | { kind: "spot"; rate: number | null }
  | { kind: "minute"; rateAt(minuteMs: number): ExactDecimal | null };

/**
 * The windowed figures `readWindowStats` reads from the store, from windows held in memory: the
 * trades of `markets` after each window's start up to `nowMs`, and the price change over
 * `priceMarkets` from the last price at or before the start (else the first after it) to the
 * latest. USD volume is valued by `usd`, summed exactly as the store does. Every window must
 * reach back to `nowMs` minus the longest window (see {@link slideWindow}).
 */
export function windowFigures(
  markets: readonly MarketWindow[],
  priceMarkets: readonly MarketWindow[],
  windows: readonly StatsWindow[],
  nowMs: number,
  usd: UsdValuation,
): Partial<Record<StatsWindow, WindowStats>> {
  const out: Partial<Record<StatsWindow, WindowStats>> = {};
  const priced = (m: MarketWindow) => m.trades.filter((t) => t.price !== null && t.at <= nowMs);
  const priceTrades = priceMarkets.flatMap(priced).sort(compareTrades);
  const priceBefore = priceMarkets.reduce<WindowTrade | null>(
    (acc, m) => (m.before === null ? acc : later(acc, m.before)),
    null,
  );
  const last = priceTrades.at(-1) ?? priceBefore;
  for (const w of STATS_WINDOWS) {
    if (!windows.includes(w)) continue;
    const since = nowMs - STATS_WINDOW_MS[w];
    let vol = EXACT_ZERO;
    let buyVol = EXACT_ZERO;
    let sellVol = EXACT_ZERO;
    let buys = 0;
    let sells = 0;
    // the store's sum of volume × rate: null while no trade has both
    let volUsd: ExactDecimal | null = null;
    const makers = new Set<string>();
    for (const m of markets) {
      for (const t of m.trades) {
        if (t.at <= since || t.at > nowMs) continue;
        if (t.volume !== null) {
          if (usd.kind === "minute") {
            const rate = usd.rateAt(Math.floor(t.at / 60_000) * 60_000);
            if (rate !== null) volUsd = addExact(volUsd ?? EXACT_ZERO, mulExact(t.volume, rate));
          }
          vol = addExact(vol, t.volume);
          if (t.isBuy) buyVol = addExact(buyVol, t.volume);
          else sellVol = addExact(sellVol, t.volume);
        }
        if (t.isBuy) buys++;
        else sells++;
        makers.add(t.maker);
      }
    }
    let base: WindowTrade | null = priceBefore;
    let first: WindowTrade | null = null;
    for (const t of priceTrades) {
      if (t.at <= since) base = later(base, t);
      else if (first === null) first = t;
    }
    const volumeNative = exactToNumber(vol);
    out[w] = {
      volumeNative,
      volumeUsd:
        usd.kind === "spot"
          ? usd.rate === null
            ? null
            : volumeNative * usd.rate
          : volUsd === null
            ? volumeNative === 0
              ? 0
              : null
            : exactToNumber(volUsd),
      buyVolumeNative: exactToNumber(buyVol),
      sellVolumeNative: exactToNumber(sellVol),
      buys,
      sells,
      txns: buys + sells,
      makers: makers.size,
      priceChangePct: priceChangePct((base ?? first)?.price ?? null, last?.price ?? null),
    };
  }
  return out;
}

/** A stored or published trade in the shape the window keeps. */
export function windowTrade(t: {
  id: string;
  at: number;
  block: number;
  logIndex: number;
  isBuy: boolean;
  maker: string;
  volumeNative: string | null;
  priceNative: string | null;
}): WindowTrade {
  return {
    id: t.id,
    at: t.at,
    block: t.block,
    logIndex: t.logIndex,
    isBuy: t.isBuy,
    maker: t.maker,
    volume: t.volumeNative === null ? null : parseExact(t.volumeNative),
    price: t.priceNative,
  };
}
