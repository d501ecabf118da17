import { type TopTraderSort, type TraderBucketRange, traderBucketCover } from "@tapeline/core";
import type { MarketDb } from "../market/MarketDb.ts";

/** One wallet's sums over a window, as Postgres returns them (numerics as text). */
export type TraderSums = {
  wallet: string;
  buys: number;
  sells: number;
  bought_tokens: string;
  sold_tokens: string;
  bought_native: string;
  sold_native: string;
  bought_usd: string;
  sold_usd: string;
  native_missing: number;
  usd_missing: number;
  first_at: string;
  last_at: string;
  trader_count: number;
};

export type TopTraderRowsInput = {
  /** the markets summed together (one for a market's ranking, all of a token's for a token's) */
  markets: readonly string[];
  /** window start (ms, minute-aligned) and the minute after the newest one it holds */
  startMs: number;
  endMs: number;
  sortBy: TopTraderSort;
  order: "desc" | "asc";
  limit: number;
};

// A wallet whose window holds a trade without a native value has no native figure to sort on:
// it sorts after every known one, whatever the order.
const SORT_KEYS: Record<TopTraderSort, string> = {
  pnl: "case when native_missing = 0 then sold_native - bought_native end",
  bought: "case when native_missing = 0 then bought_native end",
  sold: "case when native_missing = 0 then sold_native end",
  txns: "buys + sells",
};

/**
 * The top `limit` wallets of some markets over `[startMs, endMs)`, summed from the trader rollups
 * that cover the span exactly (whole days, hours and minutes, {@link traderBucketCover}), ranked
 * by `sortBy` with ties broken by wallet address, each with the window's distinct wallet count.
 * One statement: on one market a single-shard query on Citus, on a token's markets one per shard
 * holding them.
 */
export async function readTopTraderRows(db: MarketDb, q: TopTraderRowsInput): Promise<TraderSums[]> {
  const ranges = traderBucketCover(q.startMs, q.endMs);
  if (ranges.length === 0) return [];
  const params: unknown[] = [q.markets];
  const p = (v: unknown) => {
    params.push(v);
    return `$${params.length}`;
  };
  const rangeSql = (r: TraderBucketRange) =>
    `(resolution_s = ${p(r.resolutionS)}::int and bucket_start >= ${p(r.fromMs)}::bigint and bucket_start < ${p(r.toMs)}::bigint)`;
  const where = ranges.map(rangeSql).join(" or ");
  const dir = q.order === "asc" ? "asc" : "desc";
  const { rows } = await db.query<TraderSums>(
    `with w as (
       select wallet, sum(buys)::int as buys, sum(sells)::int as sells,
              sum(bought_tokens) as bought_tokens, sum(sold_tokens) as sold_tokens,
              sum(bought_native) as bought_native, sum(sold_native) as sold_native,
              sum(bought_usd) as bought_usd, sum(sold_usd) as sold_usd,
              sum(native_missing)::int as native_missing, sum(usd_missing)::int as usd_missing,
              min(first_at) as first_at, max(last_at) as last_at
       from trader_buckets
       where market = any($1::text[]) and (${where})
       group by wallet
     )
     select w.*, (count(*) over ())::int as trader_count from w
     order by ${SORT_KEYS[q.sortBy]} ${dir} nulls last, wallet collate "C" asc
     limit ${p(q.limit)}`,
    params,
  );
  return rows;
}
