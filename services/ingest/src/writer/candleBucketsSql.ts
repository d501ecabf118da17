/** Base candle resolutions in seconds; every served interval rolls up from one of these. */
export const CANDLE_RESOLUTIONS_S = [1, 60, 3600, 86400] as const;

/** A native/USD rate older than this before a trade's minute is not used for its USD volume. */
export const USD_RATE_MAX_AGE_MS = 3_600_000;

/**
 * SQL CTEs (to append after a `with` list) that aggregate the trades of relation `source` into
 * candle bucket rows (`bucket_rows`), and the statement that upserts them, merging with stored
 * buckets: open/close are taken from whichever side holds the earlier/later trade by the key
 * (at, block, log_index, id), so arrival order never matters; high/low/volumes/count combine.
 *
 * `source` must expose market, chain_id, token_address, quote_address, at, block, log_index, id,
 * price_native, volume_native, amount_token, amount_quote. `resFilter` is an extra condition on
 * a bucket row `b` (market, resolution_s, bucket_start), used to rebuild only some buckets.
 * Whole units are exact: raw × 1e-decimals in numeric. USD volume uses the latest native/USD
 * minute at or before the trade's minute within USD_RATE_MAX_AGE_MS; unknown rates add nothing,
 * and a bucket with no known rate keeps volume_usd null.
 */
export function candleBucketsSql(source: string, resFilter = "true"): { ctes: string; upsert: string } {
  const ctes = `
  bucket_in as materialized (
    select s.market, s.chain_id, s.token_address, s.quote_address, s.at, s.block, s.log_index, s.id,
           s.price_native, s.volume_native, s.amount_token, s.amount_quote
    from ${source} s
    where s.price_native is not null
  ),
  -- The units (1e-decimals) of each token pair of the batch, looked up once rather than per trade.
  bucket_units as materialized (
    select k.chain_id, k.token_address, k.quote_address,
           ('1e-' || tt.decimals)::numeric as unit_token, ('1e-' || tq.decimals)::numeric as unit_quote
    from (select distinct chain_id, token_address, quote_address from bucket_in) k
    join tokens tt on tt.chain_id = k.chain_id and tt.address = k.token_address and tt.decimals is not null
    join tokens tq on tq.chain_id = k.chain_id and tq.address = k.quote_address and tq.decimals is not null
  ),
  bucket_src as (
    select s.market, s.chain_id, s.at, s.block, s.log_index, s.id, s.price_native, s.volume_native,
           trim_scale(s.amount_token * u.unit_token) as vol_token,
           trim_scale(s.amount_quote * u.unit_quote) as vol_quote,
           (s.at / 60000) * 60000 as minute
    from bucket_in s
    join bucket_units u on u.chain_id = s.chain_id and u.token_address = s.token_address
      and u.quote_address = s.quote_address
  ),
  bucket_rates as materialized (
    select m.chain_id, m.minute,
           (select np.price_usd from native_prices np
             where np.chain_id = m.chain_id and np.minute <= m.minute and np.minute > m.minute - ${USD_RATE_MAX_AGE_MS}
             order by np.minute desc limit 1) as usd
    from (select distinct chain_id, minute from bucket_src) m
  ),
  -- Trades sorted once (byte order: fast, and the merge below compares the same way; ids and keys are ASCII).
  bucket_sorted as materialized (
    select s.market, s.at / 1000 as bucket_start,
           (s.at, s.block, s.log_index, s.id, s.price_native)::candle_edge as edge,
           s.price_native, s.volume_native, s.vol_quote, s.vol_token, s.volume_native * r.usd as vol_usd
    from bucket_src s
    join bucket_rates r on r.chain_id = s.chain_id and r.minute = s.minute
    order by s.market collate "C", 2, s.at, s.block, s.log_index, s.id collate "C"
  ),
  -- 1s buckets from the trades, then each resolution rolled up from the one below: buckets of a
  -- market are disjoint in time, so in time order the first sub-bucket holds the first trade.
  b1 as materialized (
    select market, 1 as resolution_s, bucket_start,
           (array_agg(edge))[1] as first_edge, (array_agg(edge))[count(*)] as last_edge,
           max(price_native) as high, min(price_native) as low,
           coalesce(sum(volume_native), 0) as volume_native,
           sum(vol_quote) as volume_quote, sum(vol_token) as volume_token,
           sum(vol_usd) as volume_usd, count(*)::int as trades
    from bucket_sorted
    group by market, bucket_start
  ),
  ${rollUpCte(60, "b1")},
  ${rollUpCte(3600, "b60")},
  ${rollUpCte(86400, "b3600")},
  bucket_rows as (
    select * from (
      select * from b1 union all select * from b60 union all select * from b3600 union all select * from b86400
    ) b
    where ${resFilter}
  )`;
  const upsert = `
    insert into candle_buckets as c (market, resolution_s, bucket_start, open, high, low, close,
      volume_native, volume_quote, volume_token, volume_usd, trades, first_at, last_at,
      first_block, first_log_index, first_id, last_block, last_log_index, last_id)
    select market, resolution_s, bucket_start, (first_edge).price, high, low, (last_edge).price,
      volume_native, volume_quote, volume_token, volume_usd, trades, (first_edge).at, (last_edge).at,
      (first_edge).block, (first_edge).log_index, (first_edge).id,
      (last_edge).block, (last_edge).log_index, (last_edge).id
    from bucket_rows
    on conflict (market, resolution_s, bucket_start) do update set
      open = ${fromFirstEdge("open")},
      first_at = least(c.first_at, excluded.first_at),
      first_block = ${fromFirstEdge("first_block")},
      first_log_index = ${fromFirstEdge("first_log_index")},
      first_id = ${fromFirstEdge("first_id")},
      close = ${fromLastEdge("close")},
      last_at = greatest(c.last_at, excluded.last_at),
      last_block = ${fromLastEdge("last_block")},
      last_log_index = ${fromLastEdge("last_log_index")},
      last_id = ${fromLastEdge("last_id")},
      high = greatest(c.high, excluded.high),
      low = least(c.low, excluded.low),
      volume_native = c.volume_native + excluded.volume_native,
      volume_quote = c.volume_quote + excluded.volume_quote,
      volume_token = c.volume_token + excluded.volume_token,
      volume_usd = case when c.volume_usd is null and excluded.volume_usd is null then null
                        else coalesce(c.volume_usd, 0) + coalesce(excluded.volume_usd, 0) end,
      trades = c.trades + excluded.trades
    returning 1`;
  return { ctes, upsert };
}

/**
 * The bucket rows of `resolution` seconds rolled up from the finer rows of CTE `from` (sorted by
 * market and start so that a bucket's first and last sub-buckets hold its first and last trades).
 */
function rollUpCte(resolution: number, from: string): string {
  return `b${resolution} as materialized (
    select market, (${resolution})::int as resolution_s, (bucket_start / ${resolution}) * ${resolution} as bucket_start,
           (array_agg(first_edge))[1] as first_edge, (array_agg(last_edge))[count(*)] as last_edge,
           max(high) as high, min(low) as low, sum(volume_native) as volume_native,
           sum(volume_quote) as volume_quote, sum(volume_token) as volume_token, sum(volume_usd) as volume_usd,
           sum(trades)::int as trades
    from (select * from ${from} order by market collate "C", bucket_start) x
    group by market, (bucket_start / ${resolution}) * ${resolution}
  )`;
}

/** Upsert value of `column`: the incoming row's when it holds the earlier first trade, else the stored one. */
function fromFirstEdge(column: string): string {
  return `case when (excluded.first_at, excluded.first_block, excluded.first_log_index, excluded.first_id collate "C")
                     < (c.first_at, c.first_block, c.first_log_index, c.first_id collate "C")
                  then excluded.${column} else c.${column} end`;
}

/** Upsert value of `column`: the incoming row's when it holds the later last trade, else the stored one. */
function fromLastEdge(column: string): string {
  return `case when (excluded.last_at, excluded.last_block, excluded.last_log_index, excluded.last_id collate "C")
                      > (c.last_at, c.last_block, c.last_log_index, c.last_id collate "C")
                   then excluded.${column} else c.${column} end`;
}
