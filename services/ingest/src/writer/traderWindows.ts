import {
  type SlidingTraderTimeframe,
  TRADER_WINDOWS_LOCK,
  type TraderBucketRange,
  traderBucketCover,
  traderBucketCoverFrom,
} from "@tapeline/core";
import type pg from "pg";
import { TRADER_INTS, TRADER_SUMS } from "./traderBucketsSql.ts";

/** A sliding timeframe's rows start (`trader_window_marks`). */
export type TraderWindowMark = { timeframe: SlidingTraderTimeframe; startMs: number };

const COLUMNS = `${TRADER_SUMS.join(", ")}, first_at, last_at`;
const summed = (sign: "" | "-") =>
  TRADER_SUMS.map((c) => `${sign}sum(b.${c})${TRADER_INTS.has(c) ? "::int" : ""}`).join(", ");

/**
 * Takes the window lock for this transaction (shared: writes and rollbacks; exclusive: a slide)
 * and reads the marks, which hold still until the transaction ends.
 */
export async function lockTraderWindows(
  client: pg.PoolClient,
  mode: "shared" | "exclusive",
): Promise<TraderWindowMark[]> {
  await client.query(
    mode === "shared" ? "select pg_advisory_xact_lock_shared($1)" : "select pg_advisory_xact_lock($1)",
    [TRADER_WINDOWS_LOCK],
  );
  const { rows } = await client.query<{ timeframe: SlidingTraderTimeframe; start_ms: string }>(
    "select timeframe, start_ms from trader_window_marks",
  );
  return rows.map((r) => ({ timeframe: r.timeframe, startMs: Number(r.start_ms) }));
}

/**
 * The CTEs and statement (after traderBucketsSql's CTEs, whose `trader_fine` holds the batch's
 * minute rows, and a comma) that add each minute row to its wallet's window rows of every
 * timeframe whose start (`$8` timeframes, `$9` starts) is at or before the minute, and add the
 * rows this inserted to the market's wallet count of the timeframe (`trader_counts`). A row was
 * inserted when it holds no more trades than the batch added: a stored row holds at least one.
 */
export const TRADER_WINDOWS_UPSERT = `
  trader_window_adds as (
    select f.market, m.timeframe, f.wallet,
           ${TRADER_SUMS.map((c) => `sum(f.${c})${TRADER_INTS.has(c) ? "::int" : ""} as ${c}`).join(", ")},
           min(f.first_at) as first_at, max(f.last_at) as last_at
    from trader_fine f join unnest($8::text[], $9::bigint[]) as m(timeframe, start_ms) on f.bucket_start >= m.start_ms
    group by f.market, m.timeframe, f.wallet
  ),
  trader_window_rows as (
    insert into trader_windows as w (market, timeframe, wallet, ${COLUMNS})
    select market, timeframe, wallet, ${COLUMNS} from trader_window_adds
    on conflict (market, timeframe, wallet) do update set
      ${TRADER_SUMS.map((c) => `${c} = w.${c} + excluded.${c}`).join(",\n      ")},
      first_at = least(w.first_at, excluded.first_at),
      last_at = greatest(w.last_at, excluded.last_at)
    returning w.market, w.timeframe, w.wallet, w.buys + w.sells as trades
  )
  insert into trader_counts as n (market, timeframe, wallets)
  select r.market, r.timeframe, count(*)::int
  from trader_window_rows r
  join trader_window_adds a on a.market = r.market and a.timeframe = r.timeframe and a.wallet = r.wallet
  where r.trades = a.buys + a.sells
  group by r.market, r.timeframe
  on conflict (market, timeframe) do update set wallets = n.wallets + excluded.wallets`;

/** A condition on `trader_buckets b` holding exactly the buckets of `ranges` (from `$first` on). */
function rangesWhere(ranges: readonly TraderBucketRange[], first: number): { sql: string; params: number[] } {
  const params: number[] = [];
  const sql = ranges
    .map((r) => {
      params.push(r.resolutionS, r.fromMs, r.toMs);
      const n = first + params.length - 3;
      return `(b.resolution_s = $${n}::int and b.bucket_start >= $${n + 1}::bigint and b.bucket_start < $${n + 2}::bigint)`;
    })
    .join(" or ");
  return { sql: sql === "" ? "false" : `(${sql})`, params };
}

/**
 * Recomputes `timeframe`'s window rows from the rollups at or after `startMs`: of every market
 * and wallet, or only of the (market, wallet) `pairs` (a rollback's), whose rows are deleted
 * first; a pair left without trades in the window keeps no row. Exact, first trade included:
 * each bucket of the cover lies wholly inside the window. The rebuilt markets' wallet counts
 * (`trader_counts`) are counted again from their rows.
 */
export async function rebuildTraderWindows(
  client: pg.PoolClient,
  timeframe: SlidingTraderTimeframe,
  startMs: number,
  pairs?: { markets: string[]; wallets: string[] },
): Promise<void> {
  const onPairs = (t: string) =>
    pairs
      ? `${t}.market = any($2::text[]) and (${t}.market, ${t}.wallet) in (select * from unnest($2::text[], $3::text[]))`
      : "true";
  const head: unknown[] = pairs ? [timeframe, pairs.markets, pairs.wallets] : [timeframe];
  await client.query(`delete from trader_windows w where w.timeframe = $1 and ${onPairs("w")}`, head);
  const where = rangesWhere(traderBucketCoverFrom(startMs), head.length + 1);
  await client.query(
    `insert into trader_windows (market, timeframe, wallet, ${COLUMNS})
     select b.market, $1, b.wallet, ${summed("")}, min(b.first_at), max(b.last_at)
     from trader_buckets b
     where ${where.sql} and ${onPairs("b")}
     group by b.market, b.wallet`,
    [...head, ...where.params],
  );
  // the rebuilt markets' wallet counts, counted anew (a rollback's markets, or every market)
  const markets = pairs ? [[...new Set(pairs.markets)]] : [];
  const ofMarkets = (t: string) => (pairs ? `${t}.market = any($2::text[])` : "true");
  await client.query(`delete from trader_counts n where n.timeframe = $1 and ${ofMarkets("n")}`, [
    timeframe,
    ...markets,
  ]);
  await client.query(
    `insert into trader_counts (market, timeframe, wallets)
     select w.market, $1, count(*)::int from trader_windows w
     where w.timeframe = $1 and ${ofMarkets("w")}
     group by w.market`,
    [timeframe, ...markets],
  );
}

/**
 * Subtracts the trades of `[fromMs, toMs)` (minute-aligned, the window's old and new starts)
 * from `timeframe`'s window rows, by the rollups covering the span, and deletes the rows left
 * without trades (less each market's wallet count by those). Every such trade was added to its row (it lies at or after the old start), so
 * each subtracted bucket meets its row. First and last trade times are left: a first trade time
 * older than the new start marks the row's as unknown to the reader.
 */
export async function subtractTraderWindows(
  client: pg.PoolClient,
  timeframe: SlidingTraderTimeframe,
  fromMs: number,
  toMs: number,
): Promise<void> {
  const where = rangesWhere(traderBucketCover(fromMs, toMs), 3);
  // the buckets of the markets that traded since the old start (the rollups' index leads with
  // the market), joined on it (co-located on Citus)
  await client.query(
    `insert into trader_windows as w (market, timeframe, wallet, ${COLUMNS})
     select b.market, $1, b.wallet, ${summed("-")}, min(b.first_at), max(b.last_at)
     from pools p join trader_buckets b on b.market = p.market
     where p.last_trade_at >= $2::bigint and ${where.sql}
     group by b.market, b.wallet
     on conflict (market, timeframe, wallet) do update set
       ${TRADER_SUMS.map((c) => `${c} = w.${c} + excluded.${c}`).join(",\n       ")}`,
    [timeframe, fromMs, ...where.params],
  );
  await client.query(
    `with gone as (delete from trader_windows where timeframe = $1 and buys + sells = 0 returning market)
     update trader_counts n set wallets = n.wallets - g.wallets
     from (select market, count(*)::int as wallets from gone group by market) g
     where n.market = g.market and n.timeframe = $1`,
    [timeframe],
  );
}
