import { TRADER_BUCKET_RESOLUTIONS_S } from "@tapeline/core";
import { USD_RATE_MAX_AGE_MS } from "./candleBucketsSql.ts";

/** The rollup columns summed across buckets (every one adds up), and the integer ones. */
export const TRADER_SUMS = [
  "buys",
  "sells",
  "bought_tokens",
  "sold_tokens",
  "bought_native",
  "sold_native",
  "bought_usd",
  "sold_usd",
  "native_missing",
  "usd_missing",
] as const;
export const TRADER_INTS: ReadonlySet<string> = new Set(["buys", "sells", "native_missing", "usd_missing"]);

/**
 * SQL CTEs (to append after a `with` list) that sum the trades of relation `source` per market,
 * wallet (the trade's maker) and bucket at every rollup resolution (`trader_rows`), and the
 * statement that adds them into `trader_buckets`. A bucket's figures are sums, so adding a batch
 * to the stored rows equals summing all their trades; first and last trade times combine with
 * least/greatest. USD is valued at the latest native/USD minute at or before the trade's minute
 * within USD_RATE_MAX_AGE_MS (the candle rule); a trade without a native value or a rate adds
 * nothing to the USD sums and counts in `usd_missing` (and, without a native value, in
 * `native_missing`).
 *
 * `source` must expose market, chain_id, maker, at, is_buy, amount_token, volume_native.
 * `rowFilter` is an extra condition on a row `r` (market, resolution_s, bucket_start), used to
 * rebuild only some buckets.
 */
export function traderBucketsSql(source: string, rowFilter = "true"): { ctes: string; upsert: string } {
  const [finest, ...coarser] = TRADER_BUCKET_RESOLUTIONS_S;
  const rollUps = coarser
    .map(
      (res) => `
      select market, ${res} as resolution_s, (bucket_start / ${res * 1000}) * ${res * 1000} as bucket_start, wallet,
             ${TRADER_SUMS.map((c) => `sum(${c})${TRADER_INTS.has(c) ? "::int" : ""} as ${c}`).join(", ")},
             min(first_at) as first_at, max(last_at) as last_at
      from trader_fine group by market, 3, wallet`,
    )
    .join(" union all ");
  const ctes = `
  trader_in as materialized (
    select s.market, s.chain_id, s.maker as wallet, s.at, s.is_buy, s.amount_token, s.volume_native,
           (s.at / 60000) * 60000 as minute
    from ${source} s
  ),
  trader_rates as materialized (
    select m.chain_id, m.minute,
           (select np.price_usd from native_prices np
             where np.chain_id = m.chain_id and np.minute <= m.minute and np.minute > m.minute - ${USD_RATE_MAX_AGE_MS}
             order by np.minute desc limit 1) as usd
    from (select distinct chain_id, minute from trader_in) m
  ),
  trader_fine as materialized (
    select i.market, i.minute / ${finest * 1000} * ${finest * 1000} as bucket_start, i.wallet,
           (count(*) filter (where i.is_buy))::int as buys,
           (count(*) filter (where not i.is_buy))::int as sells,
           coalesce(sum(i.amount_token) filter (where i.is_buy), 0) as bought_tokens,
           coalesce(sum(i.amount_token) filter (where not i.is_buy), 0) as sold_tokens,
           coalesce(sum(i.volume_native) filter (where i.is_buy), 0) as bought_native,
           coalesce(sum(i.volume_native) filter (where not i.is_buy), 0) as sold_native,
           coalesce(sum(i.volume_native * r.usd) filter (where i.is_buy), 0) as bought_usd,
           coalesce(sum(i.volume_native * r.usd) filter (where not i.is_buy), 0) as sold_usd,
           (count(*) filter (where i.volume_native is null))::int as native_missing,
           (count(*) filter (where i.volume_native is null or r.usd is null))::int as usd_missing,
           min(i.at) as first_at, max(i.at) as last_at
    from trader_in i
    join trader_rates r on r.chain_id = i.chain_id and r.minute = i.minute
    group by i.market, 2, i.wallet
  ),
  trader_rows as (
    select * from (
      select market, ${finest} as resolution_s, bucket_start, wallet, ${TRADER_SUMS.join(", ")}, first_at, last_at
      from trader_fine
      union all ${rollUps}
    ) r
    where ${rowFilter}
  )`;
  const upsert = `
    insert into trader_buckets as b (market, resolution_s, bucket_start, wallet, ${TRADER_SUMS.join(", ")}, first_at, last_at)
    select market, resolution_s, bucket_start, wallet, ${TRADER_SUMS.join(", ")}, first_at, last_at from trader_rows
    on conflict (market, resolution_s, bucket_start, wallet) do update set
      ${TRADER_SUMS.map((c) => `${c} = b.${c} + excluded.${c}`).join(",\n      ")},
      first_at = least(b.first_at, excluded.first_at),
      last_at = greatest(b.last_at, excluded.last_at)`;
  return { ctes, upsert };
}

/**
 * The CTEs and statement (after {@link traderBucketsSql}'s CTEs and a comma) that add the trades
 * to each wallet's lifetime row in `trader_totals`, the same sums over all time, and add the rows
 * this inserted to the market's lifetime wallet count (`trader_counts`, timeframe 'all'). A row
 * was inserted when it holds no more trades than the batch added: a stored row holds at least one.
 */
export const TRADER_TOTALS_UPSERT = `
  trader_total_adds as (
    select market, wallet, ${TRADER_SUMS.map((c) => `sum(${c})${TRADER_INTS.has(c) ? "::int" : ""} as ${c}`).join(", ")},
           min(first_at) as first_at, max(last_at) as last_at
    from trader_fine group by market, wallet
  ),
  trader_total_rows as (
    insert into trader_totals as t (market, wallet, ${TRADER_SUMS.join(", ")}, first_at, last_at)
    select market, wallet, ${TRADER_SUMS.join(", ")}, first_at, last_at from trader_total_adds
    on conflict (market, wallet) do update set
      ${TRADER_SUMS.map((c) => `${c} = t.${c} + excluded.${c}`).join(",\n      ")},
      first_at = least(t.first_at, excluded.first_at),
      last_at = greatest(t.last_at, excluded.last_at)
    returning t.market, t.wallet, t.buys + t.sells as trades
  )
  insert into trader_counts as n (market, timeframe, wallets)
  select r.market, 'all', count(*)::int
  from trader_total_rows r join trader_total_adds a on a.market = r.market and a.wallet = r.wallet
  where r.trades = a.buys + a.sells
  group by r.market
  on conflict (market, timeframe) do update set wallets = n.wallets + excluded.wallets`;

/**
 * The statements that recompute the lifetime rows of the (market, wallet) pairs given as `$1`
 * (markets) and `$2` (wallets) from their day buckets, once those are rebuilt; a pair left
 * without buckets loses its row.
 */
export const TRADER_TOTALS_REBUILD = [
  `delete from trader_totals t
   where t.market = any($1::text[]) and (t.market, t.wallet) in (select * from unnest($1::text[], $2::text[]))`,
  `insert into trader_totals (market, wallet, ${TRADER_SUMS.join(", ")}, first_at, last_at)
   select b.market, b.wallet, ${TRADER_SUMS.map((c) => `sum(b.${c})${TRADER_INTS.has(c) ? "::int" : ""}`).join(", ")}, min(b.first_at), max(b.last_at)
   from trader_buckets b
   where b.market = any($1::text[]) and b.resolution_s = 86400
     and (b.market, b.wallet) in (select * from unnest($1::text[], $2::text[]))
   group by b.market, b.wallet`,
] as const;

/** The statements that count the lifetime rows of the markets `$1` again (`trader_counts`, 'all'). */
export const TRADER_TOTALS_RECOUNT = [
  `delete from trader_counts n where n.timeframe = 'all' and n.market = any($1::text[])`,
  `insert into trader_counts (market, timeframe, wallets)
   select t.market, 'all', count(*)::int from trader_totals t where t.market = any($1::text[]) group by t.market`,
] as const;
