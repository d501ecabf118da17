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
  const { spec } = q;
  const end = Math.min(q.endTime ?? q.nowS, q.nowS);
  const lastSlot = alignBucket(end, spec);
  const coveredUntil = stepBucket(lastSlot, spec, 1);
  const rowHi = coveredUntil - 1;
  const lo =
    q.from === null
      ? null
      : alignBucket(q.from, spec) === q.from
        ? q.from
        : stepBucket(alignBucket(q.from, spec), spec, 1);
  if (lo !== null && lo > lastSlot) return { candles: [], hasMore: false, coveredUntil };

  let firstSlot: number | null = null;
  let rowLo = lo;
  let perMarket: number | null = null;
  if (q.fill) {
    firstSlot = stepBucket(lastSlot, spec, -(q.limit - 1));
    if (lo !== null && lo > firstSlot) firstSlot = lo;
    rowLo = firstSlot;
  } else {
    perMarket = Math.max(
      spec.maxBasePerCandle + 1,
      Math.min((q.limit + 1) * spec.maxBasePerCandle, Math.ceil(CANDLE_ROW_BUDGET / q.markets.length)),
    );
  }

  const t = bucketTimeSql(spec, "b.bucket_start");
  // $1..$5: resolution, row range, rows per market, page size; then one parameter per market.
  const params: unknown[] = [spec.base, rowLo ?? MIN_BIGINT, rowHi, perMarket, q.limit];
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
            sum(b.volume_usd) as volume_usd, sum(b.trades)::int as trades
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
  let prev: { close: string; bucket_start: string } | null = null;
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
    const r = await db.query<{ close: string; bucket_start: string }>(
      `select x.close, x.bucket_start from (${lastBefore}) x
       order by x.last_at desc, x.last_block desc, x.last_log_index desc, x.last_id desc
       limit 1`,
      prevParams,
    );
    prev = r.rows[0] ?? null;
  }

  const candles = assembleCandles({
    spec,
    groups,
    prevClose: prev?.close ?? null,
    fill: q.fill ? { first: firstSlot as number, last: lastSlot } : null,
  });
  const hasMore = prev !== null;
  const page: NativeCandlePage = { candles, hasMore, coveredUntil };
  if (hasMore && candles.length < q.limit && prev)
    page.nextEndTime = alignBucket(Number(prev.bucket_start), spec);
  return page;
}
