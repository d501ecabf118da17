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

// What each sort key sums per bucket, and whether it is a native figure: a wallet whose window
// holds a trade without a native value has no native figure to sort on, so it sorts after every
// known one, whatever the order.
const SORT_KEYS: Record<TopTraderSort, { sum: string; native: boolean }> = {
  pnl: { sum: "sold_native - bought_native", native: true },
  bought: { sum: "bought_native", native: true },
  sold: { sum: "sold_native", native: true },
  txns: { sum: "buys + sells", native: false },
};

/**
 * The top `limit` wallets of some markets over `[startMs, endMs)`, ranked by `sortBy` with ties
 * broken by wallet address, each with the window's distinct wallet count. A lifetime window
 * (`startMs` 0) is read from the wallets' lifetime rows when no trade lies after its end (the
 * rows hold every trade); any other window is summed from the trader rollups that cover the span
 * exactly (whole days, hours and minutes, {@link traderBucketCover}).
 *
 * A window: one statement in two steps, both index-only scans of `trader_buckets_pkey` (one per covering
 * range, so the planner does not fall back to fetching rows): every wallet of the window is
 * ranked on its sort key alone (one sum, not twelve), then only the ranked wallets' figures are
 * summed. On one market a single-shard query on Citus, on a token's markets one per shard
 * holding them.
 */
export async function readTopTraderRows(db: MarketDb, q: TopTraderRowsInput): Promise<TraderSums[]> {
  if (q.startMs === 0 && !(await tradedSince(db, q.markets, q.endMs))) return readLifetimeRows(db, q);
  return readWindowRows(db, q);
}

/** Whether the markets hold a trade at or after `atMs` (one index probe per market). */
async function tradedSince(db: MarketDb, markets: readonly string[], atMs: number): Promise<boolean> {
  const { rows } = await db.query<{ found: boolean }>(
    `select exists (select 1 from trader_buckets
                    where market = any($1::text[]) and resolution_s = 60 and bucket_start >= $2::bigint) as found`,
    [markets, atMs],
  );
  return rows[0]?.found === true;
}

const FIGURES = `buys, sells, bought_tokens, sold_tokens, bought_native, sold_native, bought_usd, sold_usd,
  native_missing, usd_missing, first_at, last_at`;
const SUMMED = `sum(buys)::int as buys, sum(sells)::int as sells,
  sum(bought_tokens) as bought_tokens, sum(sold_tokens) as sold_tokens,
  sum(bought_native) as bought_native, sum(sold_native) as sold_native,
  sum(bought_usd) as bought_usd, sum(sold_usd) as sold_usd,
  sum(native_missing)::int as native_missing, sum(usd_missing)::int as usd_missing,
  min(first_at) as first_at, max(last_at) as last_at`;

/**
 * A lifetime ranking (no trade of the markets after the window) from the wallets' lifetime rows
 * (`trader_totals`). On one market the first `limit` entries of the sort key's index, walked
 * over the known keys and then, for a native key, the wallets without one (they sort after);
 * on several markets each wallet's rows summed across them, one row per market and wallet.
 */
async function readLifetimeRows(db: MarketDb, q: TopTraderRowsInput): Promise<TraderSums[]> {
  const key = SORT_KEYS[q.sortBy];
  const dir = q.order === "asc" ? "asc" : "desc";
  // the expression of the sort key's index (migration 0111), on a lifetime row
  const keyOf = key.native ? `(case when native_missing = 0 then ${key.sum} end)` : `(${key.sum})`;
  const order = `order by key ${dir} nulls last, wallet collate "C" asc`;
  if (q.markets.length !== 1) {
    const { rows } = await db.query<TraderSums>(
      `with w as (select wallet, ${SUMMED} from trader_totals where market = any($1::text[]) group by wallet)
       select w.*, ${keyOf} as key, (count(*) over ())::int as trader_count from w ${order} limit $2`,
      [q.markets, q.limit],
    );
    return rows;
  }
  const known = `select wallet, ${FIGURES}, ${keyOf} as key from trader_totals
    where market = $1 and ${keyOf} is not null
    order by ${keyOf} ${dir}, wallet collate "C" asc limit $2`;
  const unknown = `select wallet, ${FIGURES}, null::numeric as key from trader_totals
    where market = $1 and ${keyOf} is null
    order by wallet collate "C" asc limit $2`;
  const { rows } = await db.query<TraderSums>(
    `with top as ((${known}) ${key.native ? `union all (${unknown})` : ""})
     select top.*, (select count(*) from trader_totals where market = $1)::int as trader_count
     from top ${order} limit $2`,
    [q.markets[0], q.limit],
  );
  return rows;
}

/**
 * A window's ranking from the rollup buckets covering it (see {@link readTopTraderRows}).
 */
async function readWindowRows(db: MarketDb, q: TopTraderRowsInput): Promise<TraderSums[]> {
  const ranges = traderBucketCover(q.startMs, q.endMs);
  if (ranges.length === 0) return [];
  const params: unknown[] = [q.markets];
  const p = (v: unknown) => {
    params.push(v);
    return `$${params.length}`;
  };
  const rangeSql = (r: TraderBucketRange) =>
    `market = any($1::text[]) and resolution_s = ${p(r.resolutionS)}::int
     and bucket_start >= ${p(r.fromMs)}::bigint and bucket_start < ${p(r.toMs)}::bigint`;
  const where = ranges.map(rangeSql);
  const key = SORT_KEYS[q.sortBy];
  const dir = q.order === "asc" ? "asc" : "desc";
  const keyOf = key.native ? "case when native_missing = 0 then k end" : "k";
  const inWindow = (cols: string) =>
    where.map((w) => `select ${cols} from trader_buckets where ${w}`).join(" union all ");
  const { rows } = await db.query<TraderSums>(
    `with k as (
       select wallet, sum(${key.sum}) as k, sum(native_missing) as native_missing
       from (${inWindow("wallet, buys, sells, bought_native, sold_native, native_missing")}) u
       group by wallet
     ),
     top as (
       select wallet, ${keyOf} as key, (count(*) over ())::int as trader_count from k
       order by 2 ${dir} nulls last, wallet collate "C" asc
       limit ${p(q.limit)}
     ),
     figures as (
       select u.wallet, ${SUMMED}
       from (${inWindow("*")}) u
       where u.wallet in (select wallet from top)
       group by u.wallet
     )
     select f.*, top.trader_count from top join figures f using (wallet)
     order by top.key ${dir} nulls last, top.wallet collate "C" asc`,
    params,
  );
  return rows;
}
