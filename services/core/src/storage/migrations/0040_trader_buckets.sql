-- Trader rollups: what each wallet traded on each market, summed per time bucket at three
-- resolutions (60 s, 3600 s, 86400 s), so a market's top traders over any window (1h to 30d) are
-- summed from a few buckets per wallet and never from the market's trades. Written by the ingest
-- writer from the trades it inserts, in the same transaction; rebuilt from the remaining trades by
-- a reorg rollback. A market table: distributed by `market`, co-located with `pools`, so one
-- market's ranking is a single-shard query.
--
-- Token amounts are raw integers; native figures are whole native units (exact decimals); USD
-- figures are valued at the native/USD rate of each trade's minute (the Solana basis), and
-- `*_missing` count the trades whose native value, or USD rate, was unknown (their figures are
-- then partial, and served as unknown).
create table trader_buckets (
  market         text not null,
  resolution_s   int not null,
  bucket_start   bigint not null, -- unix ms
  wallet         text not null,
  buys           int not null,
  sells          int not null,
  bought_tokens  numeric(78, 0) not null,
  sold_tokens    numeric(78, 0) not null,
  bought_native  numeric not null,
  sold_native    numeric not null,
  bought_usd     numeric not null,
  sold_usd       numeric not null,
  native_missing int not null,
  usd_missing    int not null,
  first_at       bigint not null,
  last_at        bigint not null,
  primary key (market, resolution_s, bucket_start, wallet)
);

select tapeline_distribute_table('trader_buckets', 'market', 'pools');
