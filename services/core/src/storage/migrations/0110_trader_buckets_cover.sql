-- The trader rollups' primary key index carries every other column, so a ranking reads its
-- buckets from the index alone (index-only scans) instead of fetching each bucket row from the
-- table, where a window's rows lie scattered among the other resolutions' and wallets' rows (a 1d
-- ranking of 32,000 wallets read 17,000 table pages). Same key columns, still the writer's
-- conflict target, still one index; a rollup update now writes an index entry (the summed columns
-- are in it) where it could update the row in place.
alter table trader_buckets drop constraint trader_buckets_pkey;
alter table trader_buckets add primary key (market, resolution_s, bucket_start, wallet)
  include (buys, sells, bought_tokens, sold_tokens, bought_native, sold_native, bought_usd, sold_usd,
           native_missing, usd_missing, first_at, last_at);
