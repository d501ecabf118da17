import {
  type ChainId,
  SLIDING_TRADER_TIMEFRAMES,
  type SlidingTraderTimeframe,
  type TokenTopTraderTimeframe,
  type TopTraderSort,
  type TraderBucketRange,
  traderBucketCover,
} from "@tapeline/core";
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
  chain: ChainId;
  /** the markets summed together (one for a market's ranking, all of a token's for a token's) */
  markets: readonly string[];
  /** window start (ms, minute-aligned) and the minute after the newest one it holds */
  startMs: number;
  endMs: number;
  /** the timeframe the window is of (its sliding rows, when kept, answer it) */
  timeframe: TokenTopTraderTimeframe;
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
 * broken by wallet address in the order's direction (as the sort keys' indexes run), each with the window's distinct wallet count. When no trade lies
 * after the window's end, a lifetime window (`startMs` 0) is read from the wallets' lifetime rows
 * (they hold every trade), and a one-market window longer than the market's life before it as
 * lifetime minus the part before ({@link readLongWindowRows}); any other window is summed from
 * the trader rollups that cover the span exactly (whole days, hours and minutes,
 * {@link traderBucketCover}).
 *
 * A window summed from its buckets: one statement in two steps, both index-only scans of `trader_buckets_pkey` (one per covering
 * range, so the planner does not fall back to fetching rows): every wallet of the window is
 * ranked on its sort key alone (one sum, not twelve), then only the ranked wallets' figures are
 * summed. On one market a single-shard query on Citus, on a token's markets one per shard
 * holding them.
 */
export async function readTopTraderRows(db: MarketDb, q: TopTraderRowsInput): Promise<TraderSums[]> {
  const sliding = (SLIDING_TRADER_TIMEFRAMES as readonly string[]).includes(q.timeframe)
    ? (q.timeframe as SlidingTraderTimeframe)
    : null;
  const facts = await windowFacts(db, q.markets, q.endMs, sliding);
  if (!facts.tradedLater) {
    if (q.startMs === 0) return readLifetimeRows(db, q);
    if (sliding && q.markets.length === 1 && facts.markMs !== null && facts.markMs <= q.startMs)
      return readSlidingRows(db, q, sliding, facts.markMs);
    // a window longer than the market's life before it: lifetime minus the shorter part before
    const before = facts.createdAt === null ? null : q.startMs - facts.createdAt;
    if (q.markets.length === 1 && before !== null && before < q.endMs - q.startMs)
      return readLongWindowRows(db, q);
  }
  return readWindowRows(db, q);
}

/**
 * Whether the markets hold a trade at or after `atMs` (one index probe per market: the lifetime
 * and window rows then hold trades after the window), when the first of them was created, and
 * where the sliding timeframe's window rows start (null: none kept).
 */
async function windowFacts(
  db: MarketDb,
  markets: readonly string[],
  atMs: number,
  sliding: SlidingTraderTimeframe | null,
): Promise<{ tradedLater: boolean; createdAt: number | null; markMs: number | null }> {
  const { rows } = await db.query<{ found: boolean; created_at: string | null; mark: string | null }>(
    `select exists (select 1 from trader_buckets
                    where market = any($1::text[]) and resolution_s = 60 and bucket_start >= $2::bigint) as found,
            (select min(created_at) from pools where market = any($1::text[])) as created_at,
            (select start_ms from trader_window_marks where timeframe = $3) as mark`,
    [markets, atMs, sliding ?? ""],
  );
  const r = rows[0];
  return {
    tradedLater: r?.found === true,
    createdAt: r?.created_at == null ? null : Number(r.created_at),
    markMs: r?.mark == null ? null : Number(r.mark),
  };
}

const FIGURES = `buys, sells, bought_tokens, sold_tokens, bought_native, sold_native, bought_usd, sold_usd,
  native_missing, usd_missing, first_at, last_at`;
const SUMMED = `sum(buys)::int as buys, sum(sells)::int as sells,
  sum(bought_tokens) as bought_tokens, sum(sold_tokens) as sold_tokens,
  sum(bought_native) as bought_native, sum(sold_native) as sold_native,
  sum(bought_usd) as bought_usd, sum(sold_usd) as sold_usd,
  sum(native_missing)::int as native_missing, sum(usd_missing)::int as usd_missing,
  min(first_at) as first_at, max(last_at) as last_at`;

// a market's wallet counts, kept beside its lifetime and window rows (migration 0160): read as one
// row, not counted from the market's rows per request
const LIFETIME_WALLETS =
  "select coalesce(sum(n.wallets), 0) from trader_counts n where n.market = $1 and n.timeframe = 'all'";

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
  const order = `order by key ${dir} nulls last, wallet collate "C" ${dir}`;
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
    order by ${keyOf} ${dir}, wallet collate "C" ${dir} limit $2`;
  const unknown = `select wallet, ${FIGURES}, null::numeric as key from trader_totals
    where market = $1 and ${keyOf} is null
    order by wallet collate "C" ${dir} limit $2`;
  const { rows } = await db.query<TraderSums>(
    `with top as ((${known}) ${key.native ? `union all (${unknown})` : ""})
     select top.*, (${LIFETIME_WALLETS})::int as trader_count
     from top ${order} limit $2`,
    [q.markets[0], q.limit],
  );
  return rows;
}

/**
 * A window of one market that covers most of its life, with no trade after it: each wallet's
 * window is its lifetime row minus its trades before the window (the buckets covering
 * `[0, startMs)`, the shorter side). See {@link readRowsMinusBefore}; the wallets that traded
 * before can be most of the market's, so they meet the lifetime rows in one hash join.
 */
function readLongWindowRows(db: MarketDb, q: TopTraderRowsInput): Promise<TraderSums[]> {
  return readRowsMinusBefore(
    db,
    q,
    {
      table: "trader_totals",
      rowsOf: "t.market = $1",
      count: LIFETIME_WALLETS,
      extra: [],
    },
    0,
    "hash",
  );
}

/**
 * A sliding timeframe's window of one market, with no trade after it, from its window rows
 * (`trader_windows`, holding the trades from `markMs` on): each wallet's window is its row minus
 * its trades of `[markMs, startMs)` (the buckets a late slide has not subtracted yet; none when
 * the slide ran this minute). See {@link readRowsMinusBefore}; few wallets traded in those
 * minutes, so each meets its window row by an index probe.
 */
function readSlidingRows(
  db: MarketDb,
  q: TopTraderRowsInput,
  timeframe: SlidingTraderTimeframe,
  markMs: number,
): Promise<TraderSums[]> {
  const rows = {
    table: "trader_windows",
    rowsOf: "t.market = $1 and t.timeframe = $5",
    count: "select coalesce(sum(n.wallets), 0) from trader_counts n where n.market = $1 and n.timeframe = $5",
    extra: [timeframe],
  } as const;
  return readRowsMinusBefore(db, q, rows, markMs, "probe");
}

/** Per-wallet rows of one market holding its trades from some point on (alias `t`). */
type WalletRows = {
  table: "trader_totals" | "trader_windows";
  /** selects the market's rows; `$1` is the market, `$5` on the first of `extra` */
  rowsOf: string;
  /** how many rows the market has (a scalar subquery) */
  count: string;
  extra: readonly unknown[];
};

/**
 * A window of one market whose trades are the wallets' `rows` minus their trades of
 * `[beforeFromMs, startMs)` (the rollup buckets covering that span). Wallets with such trades are
 * ranked on the difference; the others' window is their row, so their first `limit` come from
 * the sort key's index (migrations 0111, 0120 and 0138); the two lists merge. A ranked wallet whose
 * row's first trade lies before the window has its first window trade read from the market's
 * trades by maker (an index probe each), since a first trade time does not subtract.
 */
async function readRowsMinusBefore(
  db: MarketDb,
  q: TopTraderRowsInput,
  rows: WalletRows,
  beforeFromMs: number,
  join: "hash" | "probe",
): Promise<TraderSums[]> {
  const params: unknown[] = [q.markets[0], q.limit, q.startMs, q.chain, ...rows.extra];
  const p = (v: unknown) => {
    params.push(v);
    return `$${params.length}`;
  };
  const before = traderBucketCover(beforeFromMs, q.startMs).map(
    (r) =>
      `market = $1 and resolution_s = ${p(r.resolutionS)}::int
       and bucket_start >= ${p(r.fromMs)}::bigint and bucket_start < ${p(r.toMs)}::bigint`,
  );
  const beforeRows = (cols: string) =>
    before.length === 0
      ? `select ${cols} from trader_buckets where false`
      : before.map((w) => `select ${cols} from trader_buckets where ${w}`).join(" union all ");
  const key = SORT_KEYS[q.sortBy];
  const dir = q.order === "asc" ? "asc" : "desc";
  const indexed = key.native ? `(case when native_missing = 0 then ${key.sum} end)` : `(${key.sum})`;
  const { table, rowsOf } = rows;
  // hashed once, not probed per row (the planner cannot estimate c's size)
  const notBefore = "t.wallet not in (select wallet from c)";
  const untouched = [
    `(select t.wallet, ${indexed} as key from ${table} t
      where ${rowsOf} and ${indexed} is not null and ${notBefore}
      order by ${indexed} ${dir}, t.wallet collate "C" ${dir} limit $2)`,
    ...(key.native
      ? [
          `(select t.wallet, null::numeric as key from ${table} t
            where ${rowsOf} and ${indexed} is null and ${notBefore}
            order by t.wallet collate "C" ${dir} limit $2)`,
        ]
      : []),
  ].join(" union all ");
  // `|| ''` keeps the planner, which cannot estimate c's size, off the per-wallet index probe
  const cWallet = join === "hash" ? "t.wallet || '' = c.wallet" : "t.wallet = c.wallet";
  const diff = (c: string) => `t.${c} - coalesce(cf.${c}, 0)`;
  const { rows: out } = await db.query<TraderSums>(
    `with c as materialized (
       select wallet, sum(${key.sum}) as k, sum(native_missing) as nm, sum(buys + sells) as n
       from (${beforeRows("wallet, buys, sells, bought_native, sold_native, native_missing")}) u
       group by wallet
     ),
     cw as (
       select t.wallet, ${key.sum} - c.k as k, native_missing - c.nm as nm
       from c join ${table} t on ${rowsOf} and ${cWallet}
       where t.buys + t.sells > c.n
     ),
     top as (
       select wallet, key from (
         select wallet, ${key.native ? "case when nm = 0 then k end" : "k"} as key from cw
         union all (${untouched})
       ) x
       order by key ${dir} nulls last, wallet collate "C" ${dir}
       limit $2
     ),
     cf as (
       select u.wallet, ${SUMMED}
       from (${beforeRows("*")}) u
       where u.wallet in (select wallet from top)
       group by u.wallet
     )
     select t.wallet, (${diff("buys")})::int as buys, (${diff("sells")})::int as sells,
            ${diff("bought_tokens")} as bought_tokens, ${diff("sold_tokens")} as sold_tokens,
            ${diff("bought_native")} as bought_native, ${diff("sold_native")} as sold_native,
            ${diff("bought_usd")} as bought_usd, ${diff("sold_usd")} as sold_usd,
            (${diff("native_missing")})::int as native_missing, (${diff("usd_missing")})::int as usd_missing,
            case when t.first_at >= $3::bigint then t.first_at
                 else (select min(tr.at) from trades tr
                       where tr.chain_id = $4 and tr.maker = t.wallet and tr.market = $1 and tr.at >= $3::bigint)
            end as first_at,
            t.last_at,
            ((${rows.count}) - (select count(*) from c) + (select count(*) from cw))::int as trader_count
     from top join ${table} t on ${rowsOf} and t.wallet = top.wallet
     left join cf on cf.wallet = top.wallet
     order by top.key ${dir} nulls last, top.wallet collate "C" ${dir}`,
    params,
  );
  return out;
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
       order by 2 ${dir} nulls last, wallet collate "C" ${dir}
       limit ${p(q.limit)}
     ),
     figures as (
       select u.wallet, ${SUMMED}
       from (${inWindow("*")}) u
       where u.wallet in (select wallet from top)
       group by u.wallet
     )
     select f.*, top.trader_count from top join figures f using (wallet)
     order by top.key ${dir} nulls last, top.wallet collate "C" ${dir}`,
    params,
  );
  return rows;
}
