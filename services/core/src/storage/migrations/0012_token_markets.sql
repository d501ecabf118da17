-- A token's markets, keyed by token: a copy of each market's row facts (`pools` less its raw
-- reserves) under `<chain>/<token>`, so the reads that start from a token (the token snapshot
-- and price, its pools, the trades page's launch lookup of the token's first market, the best
-- pool the writer keeps) find every market of the token on one shard. `pools` is keyed by
-- market, so on Citus a lookup by token there reads every shard. Written by the ingest writer in
-- the same transaction as the pool rows it copies (and re-copied by a rollback), never apart.
-- The copy carries the market's liquidity high, which migration 0021 adds to `pools`; this one
-- runs before it on a new database, so it adds the column the same idempotent way.
alter table pools add column if not exists liquidity_native_ath numeric;

create table token_markets (
  token_key            text not null, -- <chain>/<token address>
  market               text not null,
  chain_id             text not null,
  address              text not null,
  token_address        text not null,
  quote_address        text not null,
  venue_type           text not null,
  factory              text,
  exchange_name        text,
  fee_bps              int,
  launchpad            text,
  is_launchpad         boolean not null,
  bonding_progress     double precision,
  migrated             boolean not null,
  graduated_at         bigint,
  creator              text,
  price_native         numeric,
  liquidity_native     numeric,
  liquidity_native_ath numeric,
  created_at           bigint,
  created_block        bigint,
  last_trade_at        bigint,
  primary key (token_key, market)
);

select tapeline_distribute_table('token_markets', 'token_key');

insert into token_markets (token_key, market, chain_id, address, token_address, quote_address, venue_type, factory,
  exchange_name, fee_bps, launchpad, is_launchpad, bonding_progress, migrated, graduated_at, creator, price_native,
  liquidity_native, liquidity_native_ath, created_at, created_block, last_trade_at)
select chain_id || '/' || token_address, market, chain_id, address, token_address, quote_address, venue_type, factory,
  exchange_name, fee_bps, launchpad, is_launchpad, bonding_progress, migrated, graduated_at, creator, price_native,
  liquidity_native, liquidity_native_ath, created_at, created_block, last_trade_at
from pools;
