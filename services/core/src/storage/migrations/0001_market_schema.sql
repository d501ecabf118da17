-- Market schema. Every time is unix milliseconds (bigint); amounts are raw integers numeric(78,0);
-- prices and native/USD values are exact decimals (numeric). Market tables carry `market`, the
-- distribution key (`<chain>/<pool>`), so Citus co-locates a pool's rows.

create table chains (
  chain_id      text primary key,
  name          text not null,
  slug          text not null unique,
  family        text not null check (family in ('evm', 'solana')),
  native_symbol text not null,
  native_decimals int not null,
  finality_depth int not null default 64,
  status        text not null default 'live',
  created_at    bigint not null
);

-- Factory registry: factory (or program id) -> venue type, exchange, logo, fee.
create table venues (
  chain_id      text not null,
  factory       text not null,
  venue_type    text not null,
  exchange_name text not null,
  logo_url      text,
  fee_bps       int,
  launchpad     text,
  primary key (chain_id, factory)
);

-- Canonical USD stablecoins per chain (kind=stable; native/USD pricing pools).
create table stablecoins (
  chain_id text not null,
  address  text not null,
  symbol   text not null,
  primary key (chain_id, address)
);

create table tokens (
  chain_id     text not null,
  address      text not null,
  name         text,
  symbol       text,
  decimals     int,
  total_supply numeric(78, 0),
  deployer     text,
  created_at   bigint,
  best_pool    text,
  price_native_ath numeric,
  liquidity_native_ath numeric,
  metadata     jsonb not null default '{}'::jsonb,
  updated_at   bigint not null,
  primary key (chain_id, address)
);

create table pools (
  market          text not null,
  chain_id        text not null,
  address         text not null,
  venue_type      text not null,
  factory         text,
  exchange_name   text,
  fee_bps         int,
  token0          text not null,
  token1          text not null,
  -- base token (the traded token) and quote token of the market, by the quote priority ranking
  token_address   text not null,
  quote_address   text not null,
  launchpad       text,
  is_launchpad    boolean not null default false,
  bonding_progress double precision,
  migrated        boolean not null default false,
  graduated_at    bigint,
  creator         text,
  reserve0        numeric(78, 0),
  reserve1        numeric(78, 0),
  liquidity       numeric(78, 0),
  sqrt_price_x96  numeric(78, 0),
  tick            int,
  price_native    numeric,
  price_quote     numeric,
  liquidity_native numeric,
  created_at      bigint,
  created_block   bigint,
  last_trade_at   bigint,
  updated_block   bigint,
  updated_at      bigint not null,
  primary key (market),
  unique (market, chain_id, address)
);
create index pools_token on pools (chain_id, token_address);
create index pools_quote on pools (chain_id, quote_address);

-- One row per swap (EVM: one per Swap log; Solana: legs aggregated per transaction and side).
create table trades (
  market        text not null,
  chain_id      text not null,
  pool_address  text not null,
  id            text not null,
  tx_hash       text not null,
  block         bigint not null,
  log_index     int not null,
  at            bigint not null,
  maker         text not null,
  is_buy        boolean not null,
  token_address text not null,
  quote_address text not null,
  amount_token  numeric(78, 0) not null,
  amount_quote  numeric(78, 0) not null,
  price_native  numeric,
  price_quote   numeric,
  volume_native numeric,
  fees_native   numeric,
  is_wash       boolean,
  preconfirmed  boolean not null default false,
  router_program text,
  router_name   text,
  primary key (market, id)
);
create index trades_market_at on trades (market, at desc, block desc, log_index desc);
create index trades_token_at on trades (chain_id, token_address, at desc);
create index trades_block on trades (chain_id, block);
create index trades_maker on trades (chain_id, maker, at desc);

-- Base candle buckets per market at fixed resolutions (1s, 60s, 3600s, 86400s); every served
-- interval is rolled up from the largest resolution that divides it.
create table candle_buckets (
  market       text not null,
  resolution_s int not null,
  bucket_start bigint not null, -- unix seconds
  open         numeric not null,
  high         numeric not null,
  low          numeric not null,
  close        numeric not null,
  volume_native numeric not null default 0,
  volume_quote numeric not null default 0,
  volume_token numeric not null default 0,
  volume_usd   numeric,
  trades       int not null default 0,
  first_at     bigint not null,
  last_at      bigint not null,
  primary key (market, resolution_s, bucket_start)
);

-- Native/USD per chain and minute (SOL/USD per minute on Solana; spot history on EVM).
create table native_prices (
  chain_id   text not null,
  minute     bigint not null, -- unix ms, minute start
  price_usd  numeric not null,
  source     text not null,
  primary key (chain_id, minute)
);

-- Ingest progress: the last block written with its rows, in the same transaction.
create table ingest_checkpoints (
  chain_id   text primary key,
  block      bigint not null,
  block_hash text,
  head_block bigint,
  head_at    bigint,
  updated_at bigint not null
);

-- Unfinalized blocks seen by the ingest, for reorg detection (parent-hash chain).
create table ingest_blocks (
  chain_id    text not null,
  number      bigint not null,
  hash        text not null,
  parent_hash text not null,
  at          bigint not null,
  primary key (chain_id, number)
);
