import {
  type ChainId,
  chainFamily,
  type ExactDecimal,
  type MarketEvent,
  parseExact,
  type StatsWindow,
  type WindowStats,
} from "@tapeline/core";
import type { MarketDb } from "../market/MarketDb.ts";
import {
  addTrade,
  LONGEST_WINDOW_MS,
  type MarketWindow,
  slideWindow,
  type UsdValuation,
  type WindowTrade,
  windowFigures,
  windowTrade,
} from "./marketWindow.ts";

export type HotWindowsOptions = {
  db: MarketDb;
  /** a market with more trades in its longest window is read from the store, default 20,000 */
  maxTradesPerMarket?: number;
  /** trades held over all markets (least recently read markets leave first), default 500,000 */
  maxTrades?: number;
  /** how long a market found too busy is left to the store before another try, default 60 s */
  tooBusyRetryMs?: number;
  /** how long a chain's per-minute native/USD rates (Solana) are reused, default 1 s */
  ratesTtlMs?: number;
};

export type HotWindowQuery = {
  chain: ChainId;
  markets: readonly string[];
  priceMarkets: readonly string[];
  windows: StatsWindow[];
  nowMs: number;
  spotUsd: number | null;
};

/**
 * Windowed figures of the markets a query shard reads for its own keys, kept in memory from the
 * bus: a market's trailing window ({@link MarketWindow}) is read from the store on its first
 * read, then every trade event of the market is added to it (events that arrive during that
 * read are added after it, each trade once), so later reads make no query. A rollback drops
 * the market's window (the next read loads it again), as does a trade event without the exact
 * figures. Figures equal `readWindowStats` on the store: the same trades, summed exactly.
 */
export type HotWindows = {
  /**
   * The figures (see {@link windowFigures}), or null when they must come from the store: a
   * market too busy to hold, or a clock that went back behind a held window.
   */
  figures(q: HotWindowQuery): Promise<Partial<Record<StatsWindow, WindowStats>> | null>;
  /** Applies one market event (call for every event, in bus order). */
  apply(event: MarketEvent): void;
  /** Forgets every window (the shard's keys moved). */
  clear(): void;
  /** markets held, for metrics and tests */
  size(): number;
};

/** A chain's native/USD rates by minute, oldest first, as read at `readAt`. */
type MinuteRates = { from: number; to: number; readAt: number; minutes: number[]; rates: ExactDecimal[] };

/** The rate of the latest minute at or before `minute` (the rule `readWindowStats` applies on Solana). */
function rateAt(r: MinuteRates, minute: number): ExactDecimal | null {
  let lo = 0;
  let hi = r.minutes.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if ((r.minutes[mid] as number) <= minute) lo = mid + 1;
    else hi = mid;
  }
  return lo === 0 ? null : (r.rates[lo - 1] as ExactDecimal);
}

type Entry = {
  window: MarketWindow | null;
  loading: Promise<void> | null;
  /** trades published while the window was being read */
  pending: WindowTrade[];
  tooBusyUntil: number;
};

export function createHotWindows(opts: HotWindowsOptions): HotWindows {
  const maxPerMarket = opts.maxTradesPerMarket ?? 20_000;
  const maxTrades = opts.maxTrades ?? 500_000;
  const retryMs = opts.tooBusyRetryMs ?? 60_000;
  const ratesTtlMs = opts.ratesTtlMs ?? 1000;
  const entries = new Map<string, Entry>();
  const minuteRates = new Map<ChainId, MinuteRates>();
  let held = 0;

  const count = (e: Entry) => e.window?.trades.length ?? 0;
  const drop = (market: string) => {
    const e = entries.get(market);
    if (!e) return;
    held -= count(e);
    entries.delete(market);
  };
  const replace = (e: Entry, window: MarketWindow) => {
    held += window.trades.length - count(e);
    e.window = window;
  };
  /** Least recently read markets leave until the held trades fit. */
  const trim = (keep: ReadonlySet<string>) => {
    for (const [market] of entries) {
      if (held <= maxTrades) return;
      if (!keep.has(market)) drop(market);
    }
  };

  async function load(market: string, e: Entry, nowMs: number): Promise<void> {
    const horizon = nowMs - LONGEST_WINDOW_MS;
    const cols = `id, at, block, log_index, is_buy, maker, volume_native::text as volume_native,
      price_native::text as price_native`;
    type Row = {
      id: string;
      at: string;
      block: string;
      log_index: number;
      is_buy: boolean;
      maker: string;
      volume_native: string | null;
      price_native: string | null;
    };
    const [inside, before] = await Promise.all([
      opts.db.query<Row>(
        `select ${cols} from trades where market = $1 and at > $2 order by at, block, log_index limit $3`,
        [market, horizon, maxPerMarket + 1],
      ),
      opts.db.query<Row>(
        `select ${cols} from trades where market = $1 and at <= $2 and price_native is not null
         order by at desc, block desc, log_index desc limit 1`,
        [market, horizon],
      ),
    ]);
    if (entries.get(market) !== e) return; // dropped meanwhile (a rollback): what was read may be gone
    const of = (r: Row) =>
      windowTrade({
        id: r.id,
        at: Number(r.at),
        block: Number(r.block),
        logIndex: r.log_index,
        isBuy: r.is_buy,
        maker: r.maker,
        volumeNative: r.volume_native,
        priceNative: r.price_native,
      });
    if (inside.rows.length > maxPerMarket) {
      e.tooBusyUntil = nowMs + retryMs;
      e.pending = [];
      return;
    }
    let window: MarketWindow = {
      horizon,
      trades: inside.rows.map(of),
      before: before.rows[0] ? of(before.rows[0]) : null,
    };
    for (const t of e.pending) window = addTrade(window, t);
    e.pending = [];
    replace(e, window);
  }

  /** The market's window reaching back from `nowMs`, read from the store when not held. */
  async function windowOf(market: string, nowMs: number): Promise<MarketWindow | null> {
    let e = entries.get(market);
    if (e && e.window === null && e.loading === null && e.tooBusyUntil <= nowMs) {
      drop(market);
      e = undefined;
    }
    if (!e) {
      e = { window: null, loading: null, pending: [], tooBusyUntil: 0 };
      entries.set(market, e);
      const entry = e;
      e.loading = load(market, e, nowMs).finally(() => {
        entry.loading = null;
      });
    } else {
      // most recently read last, so trimming drops the coldest first
      entries.delete(market);
      entries.set(market, e);
    }
    if (e.loading) await e.loading;
    if (entries.get(market) !== e || e.window === null) return null;
    const horizon = nowMs - LONGEST_WINDOW_MS;
    if (horizon < e.window.horizon) return null;
    replace(e, slideWindow(e.window, horizon));
    return e.window;
  }

  /**
   * The chain's rates over [from, to] (minute starts) and the latest one before: one read, reused
   * for `ratesTtlMs` and until a trade event of the chain (its commit may have stored a rate).
   */
  async function ratesOver(chain: ChainId, from: number, to: number): Promise<MinuteRates> {
    const held = minuteRates.get(chain);
    if (held && held.from <= from && held.to >= to && Date.now() - held.readAt < ratesTtlMs) return held;
    const readAt = Date.now();
    const { rows } = await opts.db.query<{ minute: string; usd: string }>(
      `select np.minute, np.price_usd::text as usd from native_prices np
       where np.chain_id = $1 and np.minute <= $3 and np.minute >= coalesce(
         (select max(p.minute) from native_prices p where p.chain_id = $1 and p.minute <= $2), $2)
       order by np.minute`,
      [chain, from, to],
    );
    const r: MinuteRates = {
      from,
      to,
      readAt,
      minutes: rows.map((x) => Number(x.minute)),
      rates: rows.map((x) => parseExact(x.usd)),
    };
    minuteRates.set(chain, r);
    return r;
  }

  async function valuation(q: HotWindowQuery): Promise<UsdValuation> {
    if (chainFamily(q.chain) !== "solana") return { kind: "spot", rate: q.spotUsd };
    const minute = (ms: number) => Math.floor(ms / 60_000) * 60_000;
    const r = await ratesOver(q.chain, minute(q.nowMs - LONGEST_WINDOW_MS), minute(q.nowMs));
    return { kind: "minute", rateAt: (m) => rateAt(r, m) };
  }

  return {
    async figures(q) {
      const names = [...new Set([...q.markets, ...q.priceMarkets])];
      const windows = await Promise.all(names.map((m) => windowOf(m, q.nowMs)));
      trim(new Set(names));
      if (windows.some((w) => w === null)) return null;
      const usd = await valuation(q);
      const byMarket = new Map(names.map((m, i) => [m, windows[i] as MarketWindow]));
      return windowFigures(
        q.markets.map((m) => byMarket.get(m) as MarketWindow),
        q.priceMarkets.map((m) => byMarket.get(m) as MarketWindow),
        q.windows,
        q.nowMs,
        usd,
      );
    },

    apply(event) {
      if (event.type === "trade" || event.type === "rollback") minuteRates.delete(event.chain);
      const e = entries.get(event.market);
      if (!e) return;
      if (event.type === "rollback" || (event.type === "trade" && !event.exact)) {
        drop(event.market);
        return;
      }
      if (event.type !== "trade" || !event.exact) return;
      const t = windowTrade({
        id: event.trade.id,
        at: event.trade.at,
        block: event.trade.block,
        logIndex: event.trade.logIndex,
        isBuy: event.trade.isBuy,
        maker: event.trade.maker,
        volumeNative: event.exact.volumeNative,
        priceNative: event.exact.priceNative,
      });
      if (e.loading) e.pending.push(t);
      else if (e.window) {
        replace(e, addTrade(e.window, t));
        if (e.window.trades.length > maxPerMarket) drop(event.market);
      }
    },

    clear() {
      entries.clear();
      minuteRates.clear();
      held = 0;
    },

    size: () => entries.size,
  };
}
