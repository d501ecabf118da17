import { alignBucket } from "./alignBucket.ts";
import { assembleCandles, type CandleGroup, type NativeCandle } from "./assembleCandles.ts";
import { bucketTimeSql } from "./bucketTimeSql.ts";
import type { MarketDb } from "./MarketDb.ts";
import type { IntervalSpec } from "./parseInterval.ts";
import { stepBucket } from "./stepBucket.ts";
import { unionPerMarket } from "./unionPerMarket.ts";

/** Most base buckets one unfilled page may read across all its markets. */
export const CANDLE_ROW_BUDGET = 200_000;

export type ReadCandlesInput = {
  /** market keys (`<chain>/<pool>`) aggregated into one series */
  markets: string[];
  spec: IntervalSpec;
  limit: number;
  /** unix seconds, inclusive bound on candle time; null: now */
  endTime: number | null;
  /** unix seconds, inclusive lower bound on candle time */
  from: number | null;
  fill: boolean;
  nowS: number;
  /**
   * Also read candles after the page's last slot (a chain clock ahead of ours), every candle
   * from the page's start on, and the latest trade read: what a shard keeping the page in
   * memory starts from (see {@link readCandleRows}).
   */
  ahead?: boolean;
};

/** A trade's place in chain order: time, block, log index, then id (byte order). */
export type CandleEdge = { at: number; block: number; logIndex: number; id: string };

/** Chain order of two trades. */
export function compareEdges(a: CandleEdge, b: CandleEdge): number {
  return (
    a.at - b.at || a.block - b.block || a.logIndex - b.logIndex || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0)
  );
}

/** The rows a page is assembled from. */
export type CandleRows = {
  /** candles holding trades, newest first */
  groups: CandleGroup[];
  /** the latest candle before the oldest group (before the first slot with fill), its close and start */
  prev: { close: string; time: number } | null;
  /** with `ahead`: the latest trade of the rows read (null when none) */
  lastTrade: CandleEdge | null;
};

export type NativeCandlePage = {
  candles: NativeCandle[];
  hasMore: boolean;
  /** set when the page holds fewer than `limit` candles while history remains: a candle time holding real history */
  nextEndTime?: number;
  /** end (exclusive, seconds) of the newest slot the page covers */
  coveredUntil: number;
};

const MIN_BIGINT = "-9223372036854775808";
const MAX_BIGINT = "9223372036854775807";

/**
 * Reads one page of connected candles from the base buckets, never from raw trades: the page
 * needs at most `limit` candles of base rows (plus one candle, so the oldest one is complete)
 * per market, and one index probe per market for the close before the page.
 *
 * - fill=false: the newest `limit` candles holding trades at or before `endTime`, found by
 *   walking each market's base buckets backwards; a candle is served only once every market's
 *   walk has reached past its start, so no candle is ever partial.
 * - fill=true: the `limit` slots ending at the slot of min(endTime, now), flat candles in gaps,
 *   starting at the first trade when history (or `from`) starts inside the page.
 */
export async function readCandlePage(db: MarketDb, q: ReadCandlesInput): Promise<NativeCandlePage> {
  const slots = pageSlots(q);
  if (slots.lo !== null && slots.lo > slots.lastSlot)
    return { candles: [], hasMore: false, coveredUntil: slots.coveredUntil };
  const rows = await readCandleRows(db, q);
  return candlePageOf(q, slots, rows);
}

/** The slots a page covers: its last (holding min(endTime, now)), first (with fill) and lower bound. */
export function pageSlots(
  q: Pick<ReadCandlesInput, "spec" | "endTime" | "from" | "fill" | "limit" | "nowS">,
): {
  lastSlot: number;
  coveredUntil: number;
  firstSlot: number | null;
  lo: number | null;
} {
  const { spec } = q;
  const end = Math.min(q.endTime ?? q.nowS, q.nowS);
  const lastSlot = alignBucket(end, spec);
  const coveredUntil = stepBucket(lastSlot, spec, 1);
  const lo =
    q.from === null
      ? null
      : alignBucket(q.from, spec) === q.from
        ? q.from
        : stepBucket(alignBucket(q.from, spec), spec, 1);
  let firstSlot: number | null = null;
  if (q.fill) {
    firstSlot = stepBucket(lastSlot, spec, -(q.limit - 1));
    if (lo !== null && lo > firstSlot) firstSlot = lo;
  }
  return { lastSlot, coveredUntil, firstSlot, lo };
}

/**
 * The page of `rows` (read for `q`'s slots): connected candles, whether history remains before
 * it and where to continue. Pure: a shard assembles its in-memory pages with it too.
 */
export function candlePageOf(
  q: Pick<ReadCandlesInput, "spec" | "fill" | "limit">,
  slots: { lastSlot: number; coveredUntil: number; firstSlot: number | null },
  rows: Pick<CandleRows, "groups" | "prev">,
): NativeCandlePage {
  const candles = assembleCandles({
    spec: q.spec,
    groups: rows.groups,
    prevClose: rows.prev?.close ?? null,
    fill: q.fill ? { first: slots.firstSlot as number, last: slots.lastSlot } : null,
  });
  const hasMore = rows.prev !== null;
  const page: NativeCandlePage = { candles, hasMore, coveredUntil: slots.coveredUntil };
  if (hasMore && candles.length < q.limit && rows.prev) page.nextEndTime = rows.prev.time;
  return page;
}

/**
 * The candle groups of a page and the candle before it, from the base buckets. With `ahead`,
 * rows past the page's last slot are read too and the page's row count is not cut (the caller
 * picks the candles it shows), and the latest trade read is returned.
 */
export async function readCandleRows(db: MarketDb, q: ReadCandlesInput): Promise<CandleRows> {
  const { spec } = q;
  const { coveredUntil, firstSlot, lo } = pageSlots(q);
  const rowHi = q.ahead ? MAX_BIGINT : coveredUntil - 1;
  let rowLo = lo;
  let perMarket: number | null = null;
  if (q.fill) {
    rowLo = firstSlot;
  } else {
    perMarket = Math.max(
      spec.maxBasePerCandle + 1,
      Math.min((q.limit + 1) * spec.maxBasePerCandle, Math.ceil(CANDLE_ROW_BUDGET / q.markets.length)),
    );
  }

  const t = bucketTimeSql(spec, "b.bucket_start");
  // $1..$5: resolution, row range, rows per market, page size; then one parameter per market.
  const params: unknown[] = [spec.base, rowLo ?? MIN_BIGINT, rowHi, perMarket, q.ahead ? null : q.limit];
  const p = (v: unknown): string => {
    params.push(v);
    return `$${params.length}`;
  };
  const perMarketRows = unionPerMarket(
    q.markets,
    p,
    (m) => `select c.market, c.bucket_start, c.open, c.high, c.low, c.close, c.volume_native, c.volume_token,
                   c.volume_usd, c.trades, c.first_at, c.first_block, c.first_log_index, c.first_id,
                   c.last_at, c.last_block, c.last_log_index, c.last_id
            from candle_buckets c
            where c.market = ${m} and c.resolution_s = $1 and c.bucket_start >= $2 and c.bucket_start <= $3
            order by c.bucket_start desc
            limit $4`,
  );
  const { rows } = await db.query<{
    time: string;
    open: string;
    high: string;
    low: string;
    close: string;
    volume_native: string;
    volume_token: string;
    volume_usd: string | null;
    trades: number;
    last_at?: string;
    last_block?: string;
    last_log_index?: number;
    last_id?: string;
  }>(
    `with b as (${perMarketRows}),
     cut as (
       select coalesce(max(oldest), ${MIN_BIGINT}) as floor_s
       from (select min(bucket_start) as oldest from b group by market having count(*) >= $4) s
     )
     select ${t} as time,
            (array_agg(b.open order by b.first_at, b.first_block, b.first_log_index, b.first_id))[1] as open,
            max(b.high) as high, min(b.low) as low,
            (array_agg(b.close order by b.last_at desc, b.last_block desc, b.last_log_index desc, b.last_id desc))[1] as close,
            sum(b.volume_native) as volume_native, sum(b.volume_token) as volume_token,
            sum(b.volume_usd) as volume_usd, sum(b.trades)::int as trades${q.ahead ? lastEdgeColumns : ""}
     from b, cut
     where ${t} >= cut.floor_s
     group by 1
     order by 1 desc
     limit $5`,
    params,
  );
  const groups: CandleGroup[] = rows.map((r) => ({
    time: Number(r.time),
    open: r.open,
    high: r.high,
    low: r.low,
    close: r.close,
    volumeNative: r.volume_native,
    volumeToken: r.volume_token,
    volumeUsd: r.volume_usd,
    trades: r.trades,
  }));

  // The page's oldest candle start: history before it feeds the open and says whether more remains.
  const pageStart = q.fill
    ? (firstSlot as number)
    : groups.length > 0
      ? (groups.at(-1) as CandleGroup).time
      : null;
  let prev: CandleRows["prev"] = null;
  let lastTrade: CandleEdge | null = null;
  for (const r of rows) {
    if (r.last_at === undefined) break;
    const edge = edgeOf(r);
    if (lastTrade === null || compareEdges(edge, lastTrade) > 0) lastTrade = edge;
  }
  if (pageStart !== null) {
    const prevParams: unknown[] = [spec.base, pageStart, lo ?? MIN_BIGINT];
    const pp = (v: unknown): string => {
      prevParams.push(v);
      return `$${prevParams.length}`;
    };
    const lastBefore = unionPerMarket(
      q.markets,
      pp,
      (m) => `select c.close, c.bucket_start, c.last_at, c.last_block, c.last_log_index, c.last_id
              from candle_buckets c
              where c.market = ${m} and c.resolution_s = $1 and c.bucket_start < $2 and c.bucket_start >= $3
              order by c.bucket_start desc limit 1`,
    );
    const r = await db.query<{
      close: string;
      bucket_start: string;
      last_at: string;
      last_block: string;
      last_log_index: number;
      last_id: string;
    }>(
      `select x.close, x.bucket_start, x.last_at, x.last_block, x.last_log_index, x.last_id from (${lastBefore}) x
       order by x.last_at desc, x.last_block desc, x.last_log_index desc, x.last_id desc
       limit 1`,
      prevParams,
    );
    const row = r.rows[0];
    if (row) {
      prev = { close: row.close, time: alignBucket(Number(row.bucket_start), spec) };
      if (q.ahead && (lastTrade === null || compareEdges(edgeOf(row), lastTrade) > 0))
        lastTrade = edgeOf(row);
    }
  }
  return { groups, prev, lastTrade };
}

/** The latest trade of each group, in chain order (`id` compared bytewise, as the writer does). */
const lastEdgeColumns = ["at", "block", "log_index", "id"]
  .map(
    (c) => `,
            (array_agg(b.last_${c} order by b.last_at desc, b.last_block desc, b.last_log_index desc,
              b.last_id collate "C" desc))[1] as last_${c}`,
  )
  .join("");

const edgeOf = (r: { last_at?: string; last_block?: string; last_log_index?: number; last_id?: string }) => ({
  at: Number(r.last_at),
  block: Number(r.last_block),
  logIndex: Number(r.last_log_index),
  id: String(r.last_id),
});
