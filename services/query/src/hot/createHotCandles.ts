import type { MarketEvent } from "@tapeline/core";
import type { MarketDb } from "../market/MarketDb.ts";
import type { IntervalSpec } from "../market/parseInterval.ts";
import { candlePageOf, type NativeCandlePage, pageSlots, readCandleRows } from "../market/readCandlePage.ts";
import {
  addCandleTrade,
  type CandleSeries,
  type CandleTrade,
  seriesOf,
  viewSeries,
} from "./formingCandles.ts";

export type HotCandlesOptions = {
  db: MarketDb;
  /** series held (least recently read leave first), default 5,000 */
  maxSeries?: number;
  /** candles held over all series (least recently read leave first), default 500,000 */
  maxCandles?: number;
};

export type HotCandleQuery = {
  markets: readonly string[];
  spec: IntervalSpec;
  limit: number;
  fill: boolean;
  nowS: number;
};

/**
 * The newest candle page (no `endTime`, no `from`, native quote) of the markets a query shard
 * reads for its own keys, kept in memory from the bus: read from the store on its first read
 * (with the candles past our clock and the latest trade, see `readCandleRows`), then every trade
 * event of its markets is added by {@link addCandleTrade} (events that arrive during that read
 * are added after it), so the forming candle and the candles after it are served without a
 * query. A rollback of one of its markets, or a trade event without the exact figures, drops the
 * series (the next read loads it again).
 */
export type HotCandles = {
  /** The page, or null when it must be read from the store (see `viewSeries`). */
  page(q: HotCandleQuery): Promise<NativeCandlePage | null>;
  /** Applies one market event (call for every event, in bus order). */
  apply(event: MarketEvent): void;
  /** Forgets every series (the shard's keys moved). */
  clear(): void;
  /** series held, for metrics and tests */
  size(): number;
};

type Entry = {
  markets: readonly string[];
  spec: IntervalSpec;
  series: CandleSeries | null;
  loading: Promise<void> | null;
  /** trades published while the series was being read */
  pending: CandleTrade[];
  /** the store's read was cut short (see `viewSeries`): this page is read from the store */
  unusable: boolean;
};

export function createHotCandles(opts: HotCandlesOptions): HotCandles {
  const maxSeries = opts.maxSeries ?? 5_000;
  const maxCandles = opts.maxCandles ?? 500_000;
  let held = 0;
  const count = (e: Entry) => e.series?.groups.length ?? 0;
  /** Sets an entry's series, keeping the count of candles held. */
  const hold = (e: Entry, series: CandleSeries) => {
    held += series.groups.length - count(e);
    e.series = series;
  };
  const entries = new Map<string, Entry>();
  /** entry keys by market */
  const byMarket = new Map<string, Set<string>>();

  const drop = (key: string) => {
    const e = entries.get(key);
    if (!e) return;
    entries.delete(key);
    held -= count(e);
    for (const m of e.markets) {
      const keys = byMarket.get(m);
      keys?.delete(key);
      if (keys?.size === 0) byMarket.delete(m);
    }
  };

  async function load(key: string, e: Entry, q: HotCandleQuery): Promise<void> {
    const rows = await readCandleRows(opts.db, {
      markets: [...q.markets],
      spec: q.spec,
      limit: q.limit,
      endTime: null,
      from: null,
      fill: q.fill,
      nowS: q.nowS,
      ahead: true,
    });
    if (entries.get(key) !== e) return; // dropped meanwhile (a rollback): what was read may be gone
    let series = seriesOf(rows);
    for (const t of e.pending) series = addCandleTrade(series, t, e.spec);
    e.pending = [];
    hold(e, series);
  }

  return {
    async page(q) {
      const key = JSON.stringify([q.markets, q.spec.key, q.limit, q.fill]);
      let e = entries.get(key);
      if (!e) {
        e = { markets: q.markets, spec: q.spec, series: null, loading: null, pending: [], unusable: false };
        entries.set(key, e);
        for (const m of q.markets) {
          const keys = byMarket.get(m) ?? new Set<string>();
          keys.add(key);
          byMarket.set(m, keys);
        }
        const entry = e;
        e.loading = load(key, e, q).finally(() => {
          entry.loading = null;
        });
        while (entries.size > maxSeries) {
          const oldest = entries.keys().next().value as string;
          drop(oldest);
        }
      } else {
        // most recently read last, so the coldest leave first
        entries.delete(key);
        entries.set(key, e);
      }
      if (e.loading) await e.loading;
      if (entries.get(key) !== e || e.series === null || e.unusable) return null;
      const view = viewSeries(e.series, q);
      if (view === null) {
        e.unusable = true;
        return null;
      }
      hold(e, view.series);
      // the coldest series leave until the candles held fit
      for (const [other] of entries) {
        if (held <= maxCandles) break;
        if (other !== key) drop(other);
      }
      const slots = pageSlots({ ...q, endTime: null, from: null });
      return candlePageOf(q, slots, view.rows);
    },

    apply(event) {
      const keys = byMarket.get(event.market);
      if (!keys) return;
      if (event.type !== "trade" && event.type !== "rollback") return;
      const exact = event.type === "trade" ? event.exact : undefined;
      if (event.type === "rollback" || exact?.volumeToken === undefined) {
        for (const key of [...keys]) drop(key);
        return;
      }
      if (exact.priceNative === null || exact.volumeToken === null) return; // not in the candle buckets
      const t: CandleTrade = {
        market: event.market,
        edge: {
          at: event.trade.at,
          block: event.trade.block,
          logIndex: event.trade.logIndex,
          id: event.trade.id,
        },
        price: exact.priceNative,
        volumeNative: exact.volumeNative,
        volumeToken: exact.volumeToken,
      };
      for (const key of keys) {
        const e = entries.get(key) as Entry;
        if (e.loading) e.pending.push(t);
        else if (e.series && !e.unusable) hold(e, addCandleTrade(e.series, t, e.spec));
      }
    },

    clear() {
      entries.clear();
      byMarket.clear();
      held = 0;
    },

    size: () => entries.size,
  };
}
