import { STATS_WINDOWS, type StatsWindow } from "../ports/marketQueries.ts";
import type { ScreenerWindowStats } from "./universeTypes.ts";

/** What the rolling stats need of one trade (an API trade row carries all of it). */
export type StatsTrade = {
  /** the market key `<chain>/<pool>` */
  market: string;
  at: number;
  isBuy: boolean;
  maker: string;
  volumeNative: number;
  /** USD at the trade's time (Solana); null when unknown or when the chain values at spot */
  volumeUsd: number | null;
  feesNative: number | null;
  feesUsd: number | null;
  priceNative: number | null;
  isWash: boolean | null;
};

/** How USD figures are read: at each trade's own rate, or every native figure at one spot rate. */
export type UsdValuation = { basis: "trade" } | { basis: "spot"; rate: number | null };

/** A market's windows as read at one instant, with the participation figures of its 24 h. */
export type MarketWindows = {
  stats: Record<StatsWindow, ScreenerWindowStats>;
  makers24h: number;
  washTrades24h: number;
};

/** The 24 h and 1 h figures the universe filters and ranks every market on, read without building its windows. */
export type MarketRankFigures = {
  txns24h: number;
  makers24h: number;
  washTrades24h: number;
  volumeUsd24h: number | null;
  volumeUsd1h: number | null;
};

export type RollingMarketStats = {
  /** Adds a trade; trades older than 24 h before the newest one seen are ignored. */
  add(trade: StatsTrade): void;
  /** The windows of one market at `nowMs`, or null when it has no trade in the last 24 h. */
  read(market: string, nowMs: number, usd: UsdValuation): MarketWindows | null;
  /** What {@link read} gives of the 24 h and 1 h windows that rank a market, at a fraction of its cost. */
  rankFigures(market: string, nowMs: number, usd: UsdValuation): MarketRankFigures | null;
  /** Drops a market's figures (before rebuilding them from the store after a rollback). */
  forget(market: string): void;
  /** Markets with a trade in the 24 h before `nowMs` (and forgets the others). */
  markets(nowMs: number): string[];
  /** Trades counted since creation (for metrics and tests). */
  readonly added: number;
};

const MINUTE = 60_000;
const WINDOW_MINUTES: Record<StatsWindow, number> = { "5m": 5, "1h": 60, "6h": 360, "24h": 1_440 };
const LONGEST = 1_440;

type Sums = {
  volNative: number;
  volUsd: number;
  usdUnknown: number;
  feesNative: number;
  feesUsd: number;
  feesUnknown: number;
  feesUsdUnknown: number;
  buys: number;
  sells: number;
  wash: number;
};
type Bucket = Sums & {
  minute: number;
  openAt: number;
  open: number | null;
  closeAt: number;
  close: number | null;
};
type MarketState = {
  buckets: Bucket[];
  /** per window (in STATS_WINDOWS order): index of its first bucket and its running sums */
  first: number[];
  sums: Sums[];
  /** close of the newest bucket already dropped, the price before the oldest kept bucket */
  closeBefore: number | null;
  /** makers by the time of their last trade, oldest first */
  makers: Map<string, number>;
  nowMinute: number;
};

const zero = (): Sums => ({
  volNative: 0,
  volUsd: 0,
  usdUnknown: 0,
  feesNative: 0,
  feesUsd: 0,
  feesUnknown: 0,
  feesUsdUnknown: 0,
  buys: 0,
  sells: 0,
  wash: 0,
});
// Field by field rather than over Object.keys: this runs for every trade and every expiring bucket.
const addInto = (to: Sums, from: Sums, sign: 1 | -1): void => {
  to.volNative += sign * from.volNative;
  to.volUsd += sign * from.volUsd;
  to.usdUnknown += sign * from.usdUnknown;
  to.feesNative += sign * from.feesNative;
  to.feesUsd += sign * from.feesUsd;
  to.feesUnknown += sign * from.feesUnknown;
  to.feesUsdUnknown += sign * from.feesUsdUnknown;
  to.buys += sign * from.buys;
  to.sells += sign * from.sells;
  to.wash += sign * from.wash;
  // Subtraction leaves float residue; a window without trades holds exact zeros.
  if (to.buys + to.sells === 0) Object.assign(to, zero());
};

/** A window's USD volume: the sum of the trades' own USD values, or the native volume at spot. */
const volumeUsdOf = (sum: Sums, usd: UsdValuation): number | null =>
  usd.basis === "trade"
    ? sum.usdUnknown > 0
      ? null
      : sum.volUsd
    : usd.rate === null
      ? null
      : sum.volNative * usd.rate;

const WINDOW_START_OFFSETS = STATS_WINDOWS.map((w) => (WINDOW_MINUTES[w] - 1) * MINUTE);
const HOUR_INDEX = STATS_WINDOWS.indexOf("1h");
const DAY_INDEX = STATS_WINDOWS.indexOf("24h");

/**
 * Windowed figures of many markets kept hot from a stream of trades: per market, one bucket per
 * minute over the last 24 h and, per window, running sums advanced as time moves, so a read costs
 * O(1) amortized whatever the market's activity. Windows are minute-aligned: the `5m` window at
 * 12:07:30 holds the trades of 12:03:00 to now (the current minute and the 4 before it). The
 * price change of a window runs from the last price before it (or its first trade when nothing
 * traded before) to the latest price. Trades may arrive out of order within the 24 h.
 */
export function createRollingMarketStats(): RollingMarketStats {
  const state = new Map<string, MarketState>();
  let added = 0;

  const advance = (s: MarketState, nowMinute: number): void => {
    if (nowMinute <= s.nowMinute) return;
    s.nowMinute = nowMinute;
    for (let i = 0; i < WINDOW_START_OFFSETS.length; i++) {
      const start = nowMinute - WINDOW_START_OFFSETS[i]!;
      while (s.first[i]! < s.buckets.length && s.buckets[s.first[i]!]!.minute < start) {
        addInto(s.sums[i]!, s.buckets[s.first[i]!]!, -1);
        s.first[i]! += 1;
      }
    }
    // Buckets before the longest window are dropped, keeping their last price.
    const drop = s.first[STATS_WINDOWS.length - 1]!;
    if (drop > 0) {
      for (let k = drop - 1; k >= 0; k--) {
        const c = s.buckets[k]!.close;
        if (c !== null) {
          s.closeBefore = c;
          break;
        }
      }
      s.buckets.splice(0, drop);
      for (let i = 0; i < s.first.length; i++) s.first[i]! -= drop;
    }
    const cutoff = nowMinute - (LONGEST - 1) * MINUTE;
    for (const [maker, at] of s.makers) {
      if (at >= cutoff) break;
      s.makers.delete(maker);
    }
  };

  const bucketFor = (s: MarketState, minute: number): Bucket => {
    let k = s.buckets.length - 1;
    while (k >= 0 && s.buckets[k]!.minute > minute) k--;
    if (k >= 0 && s.buckets[k]!.minute === minute) return s.buckets[k]!;
    const b: Bucket = {
      ...zero(),
      minute,
      openAt: Number.POSITIVE_INFINITY,
      open: null,
      closeAt: -1,
      close: null,
    };
    s.buckets.splice(k + 1, 0, b);
    // A bucket inserted before a window's start shifts the index of that window's first bucket.
    for (let i = 0; i < WINDOW_START_OFFSETS.length; i++) {
      if (minute < s.nowMinute - WINDOW_START_OFFSETS[i]!) s.first[i]! += 1;
    }
    return b;
  };

  return {
    get added() {
      return added;
    },

    add(t) {
      const minute = Math.floor(t.at / MINUTE) * MINUTE;
      let s = state.get(t.market);
      if (!s) {
        s = {
          buckets: [],
          first: STATS_WINDOWS.map(() => 0),
          sums: STATS_WINDOWS.map(zero),
          closeBefore: null,
          makers: new Map(),
          nowMinute: minute,
        };
        state.set(t.market, s);
      }
      advance(s, minute);
      if (minute < s.nowMinute - (LONGEST - 1) * MINUTE) return;
      added += 1;
      const b = bucketFor(s, minute);
      const one: Sums = {
        volNative: t.volumeNative,
        volUsd: t.volumeUsd ?? 0,
        usdUnknown: t.volumeUsd === null ? 1 : 0,
        feesNative: t.feesNative ?? 0,
        feesUsd: t.feesUsd ?? 0,
        feesUnknown: t.feesNative === null ? 1 : 0,
        feesUsdUnknown: t.feesUsd === null ? 1 : 0,
        buys: t.isBuy ? 1 : 0,
        sells: t.isBuy ? 0 : 1,
        wash: t.isWash ? 1 : 0,
      };
      addInto(b, one, 1);
      if (t.priceNative !== null && Number.isFinite(t.priceNative)) {
        if (t.at < b.openAt) {
          b.openAt = t.at;
          b.open = t.priceNative;
        }
        if (t.at >= b.closeAt) {
          b.closeAt = t.at;
          b.close = t.priceNative;
        }
      }
      for (let i = 0; i < WINDOW_START_OFFSETS.length; i++) {
        if (minute >= s.nowMinute - WINDOW_START_OFFSETS[i]!) addInto(s.sums[i]!, one, 1);
      }
      const seen = s.makers.get(t.maker);
      if (seen === undefined || t.at > seen) {
        s.makers.delete(t.maker);
        s.makers.set(t.maker, t.at);
      }
    },

    read(market, nowMs, usd) {
      const s = state.get(market);
      if (!s) return null;
      advance(s, Math.floor(nowMs / MINUTE) * MINUTE);
      if (s.buckets.length === 0) return null;
      let latest: number | null = null;
      for (let k = s.buckets.length - 1; k >= 0 && latest === null; k--) latest = s.buckets[k]!.close;
      if (latest === null) latest = s.closeBefore;
      const stats = {} as Record<StatsWindow, ScreenerWindowStats>;
      STATS_WINDOWS.forEach((w, i) => {
        const sum = s.sums[i]!;
        const first = s.first[i]!;
        let base: number | null = null;
        for (let k = first - 1; k >= 0 && base === null; k--) base = s.buckets[k]!.close;
        if (base === null && first === 0) base = s.closeBefore;
        for (let k = first; k < s.buckets.length && base === null; k++) base = s.buckets[k]!.open;
        const txns = sum.buys + sum.sells;
        const spot = usd.basis === "spot" ? usd.rate : null;
        const feesNative = txns === 0 ? 0 : sum.feesUnknown > 0 ? null : sum.feesNative;
        stats[w] = {
          volumeNative: sum.volNative,
          volumeUsd: volumeUsdOf(sum, usd),
          buys: sum.buys,
          sells: sum.sells,
          txns,
          feesNative,
          feesUsd:
            usd.basis === "trade"
              ? txns === 0
                ? 0
                : sum.feesUsdUnknown > 0
                  ? null
                  : sum.feesUsd
              : feesNative === null || spot === null
                ? null
                : feesNative * spot,
          priceChangePct: base === null || latest === null || base === 0 ? null : (latest / base - 1) * 100,
        };
      });
      return { stats, makers24h: s.makers.size, washTrades24h: s.sums[STATS_WINDOWS.length - 1]!.wash };
    },

    rankFigures(market, nowMs, usd) {
      const s = state.get(market);
      if (!s) return null;
      advance(s, Math.floor(nowMs / MINUTE) * MINUTE);
      if (s.buckets.length === 0) return null;
      const day = s.sums[DAY_INDEX]!;
      return {
        txns24h: day.buys + day.sells,
        makers24h: s.makers.size,
        washTrades24h: day.wash,
        volumeUsd24h: volumeUsdOf(day, usd),
        volumeUsd1h: volumeUsdOf(s.sums[HOUR_INDEX]!, usd),
      };
    },

    forget(market) {
      state.delete(market);
    },

    markets(nowMs) {
      const nowMinute = Math.floor(nowMs / MINUTE) * MINUTE;
      const out: string[] = [];
      for (const [market, s] of state) {
        advance(s, nowMinute);
        if (s.buckets.length === 0) state.delete(market);
        else out.push(market);
      }
      return out;
    },
  };
}
