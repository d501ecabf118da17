import { addExact, formatExact, parseExact } from "@tapeline/core";
import { alignBucket } from "../market/alignBucket.ts";
import type { CandleGroup } from "../market/assembleCandles.ts";
import type { IntervalSpec } from "../market/parseInterval.ts";
import { type CandleEdge, type CandleRows, compareEdges, pageSlots } from "../market/readCandlePage.ts";

/**
 * A candle holding trades: the store's figures, and for trades added from the bus the first and
 * last of them (null: only stored trades, which come before every trade the bus adds).
 */
export type HotCandleGroup = CandleGroup & { first: CandleEdge | null; last: CandleEdge | null };

/**
 * A candle series as a query shard keeps it from the bus for its newest page: the candles
 * holding trades from the page's start on (oldest first; candles after the page's last slot
 * too, when the chain's clock runs ahead of ours), the candle before them, the latest trade the
 * store's read held, and the latest trade added per market. Values are never changed in place:
 * each step returns a new series.
 */
export type CandleSeries = {
  groups: readonly HotCandleGroup[];
  prev: CandleRows["prev"];
  stored: CandleEdge | null;
  added: ReadonlyMap<string, CandleEdge>;
};

/** What a candle needs of one trade, as the candle buckets store it (decimal text). */
export type CandleTrade = {
  market: string;
  edge: CandleEdge;
  price: string;
  /** native volume; null adds nothing, as the buckets' sums count it */
  volumeNative: string | null;
  /** whole token units */
  volumeToken: string;
};

/** The series read from the store (`rows` read with `ahead`, groups newest first). */
export function seriesOf(rows: CandleRows): CandleSeries {
  return {
    groups: rows.groups.map((g) => ({ ...g, first: null, last: null })).sort((a, b) => a.time - b.time),
    prev: rows.prev,
    stored: rows.lastTrade,
    added: new Map(),
  };
}

const maxOf = (a: string, b: string) => (compareExact(a, b) >= 0 ? a : b);
const minOf = (a: string, b: string) => (compareExact(a, b) <= 0 ? a : b);
function compareExact(a: string, b: string): number {
  const x = parseExact(a);
  const y = parseExact(b);
  const scale = Math.max(x.scale, y.scale);
  const d = x.n * 10n ** BigInt(scale - x.scale) - y.n * 10n ** BigInt(scale - y.scale);
  return d < 0n ? -1 : d > 0n ? 1 : 0;
}
const sum = (a: string, b: string | null) =>
  b === null ? a : formatExact(addExact(parseExact(a), parseExact(b)));

/**
 * The series after one trade (the writer's rule for a bucket: open at its first trade in chain
 * order, close at its last, high/low/volumes/count combined). The store's read counts every trade
 * committed before it, all at or before `stored`; trades committed later come after all of them
 * in chain order. One market's trades arrive in chain order (other markets' may interleave), so
 * a trade at or before `stored` or before its market's last added one is already counted.
 */
export function addCandleTrade(s: CandleSeries, t: CandleTrade, spec: IntervalSpec): CandleSeries {
  if (s.stored !== null && compareEdges(t.edge, s.stored) <= 0) return s;
  const seen = s.added.get(t.market);
  if (seen !== undefined && compareEdges(t.edge, seen) <= 0) return s;
  const time = alignBucket(Math.floor(t.edge.at / 1000), spec);
  const i = s.groups.findIndex((g) => g.time >= time);
  const groups = [...s.groups];
  const g = i >= 0 ? s.groups[i] : undefined;
  if (g && g.time === time) {
    const isFirst = g.first !== null && compareEdges(t.edge, g.first) < 0;
    const isLast = g.last === null || compareEdges(t.edge, g.last) > 0;
    groups[i] = {
      ...g,
      open: isFirst ? t.price : g.open,
      first: isFirst ? t.edge : g.first,
      high: maxOf(g.high, t.price),
      low: minOf(g.low, t.price),
      close: isLast ? t.price : g.close,
      last: isLast ? t.edge : g.last,
      volumeNative: sum(g.volumeNative, t.volumeNative),
      volumeToken: sum(g.volumeToken, t.volumeToken),
      volumeUsd: null,
      trades: g.trades + 1,
    };
  } else {
    groups.splice(i >= 0 ? i : groups.length, 0, {
      time,
      open: t.price,
      high: t.price,
      low: t.price,
      close: t.price,
      volumeNative: t.volumeNative ?? "0",
      volumeToken: t.volumeToken,
      volumeUsd: null,
      trades: 1,
      first: t.edge,
      last: t.edge,
    });
  }
  return { ...s, groups, added: new Map(s.added).set(t.market, t.edge) };
}

export type CandleView = { spec: IntervalSpec; limit: number; fill: boolean; nowS: number };

/**
 * The rows of the newest page at `nowS` (what `readCandleRows` gives for it), and the series
 * without the candles that left the page for good (the page only moves forward with time and
 * trades), or null when the series cannot tell the page: without fill, fewer candles than the
 * page holds while history remains before them (the store's read was cut short).
 */
export function viewSeries(
  s: CandleSeries,
  v: CandleView,
): { rows: Pick<CandleRows, "groups" | "prev">; series: CandleSeries } | null {
  const slots = pageSlots({
    spec: v.spec,
    endTime: null,
    from: null,
    fill: v.fill,
    limit: v.limit,
    nowS: v.nowS,
  });
  const shown = s.groups.filter((g) => g.time <= slots.lastSlot);
  const ahead = s.groups.slice(shown.length);
  const first = v.fill
    ? shown.findIndex((g) => g.time >= (slots.firstSlot as number))
    : Math.max(0, shown.length - v.limit);
  const start = first < 0 ? shown.length : first;
  if (!v.fill && shown.length < v.limit && s.prev !== null) return null;
  const left = shown[start - 1];
  const prev = left ? { close: left.close, time: left.time } : s.prev;
  const page = shown.slice(start);
  return {
    rows: { groups: page, prev: !v.fill && page.length === 0 ? null : prev },
    series: start === 0 ? s : { ...s, groups: [...page, ...ahead], prev },
  };
}
