-- A token's trades, keyed by token: a lean copy of each trade (what the token trade tape and the
-- token's windowed stats read) under `<chain>/<token>`, so the token-wide tape and stats of a
-- token trading on several markets read one shard. `trades` is keyed by market, so on Citus a
-- token with markets on several shards reads each of them there. Written by the ingest writer
-- in the statement that inserts the trades (only the trades it inserts), deleted by a rollback
-- with them, and kept as long as they are (trades are never pruned). Left out: what the tape
-- and stats take from elsewhere (chain and token are in the key; the market is chain and pool)
-- and what they never read (quote price, router).
create table token_trades (
  token_key     text not null, -- <chain>/<token address>
  at            bigint not null,
  block         bigint not null,
  log_index     int not null,
  id            text not null,
  pool_address  text not null,
  quote_address text not null,
  maker         text not null,
  is_buy        boolean not null,
  amount_token  numeric(78, 0) not null,
  amount_quote  numeric(78, 0) not null,
  price_native  numeric,
  volume_native numeric,
  fees_native   numeric,
  is_wash       boolean,
  preconfirmed  boolean not null,
  tx_hash       text not null,
  -- the tape's order (at, block, log_index, id) walked either way; the pool keeps it unique
  primary key (token_key, at, block, log_index, id, pool_address)
);

select tapeline_distribute_table('token_trades', 'token_key', 'token_markets');

insert into token_trades (token_key, at, block, log_index, id, pool_address, quote_address, maker, is_buy,
  amount_token, amount_quote, price_native, volume_native, fees_native, is_wash, preconfirmed, tx_hash)
select chain_id || '/' || token_address, at, block, log_index, id, pool_address, quote_address, maker, is_buy,
  amount_token, amount_quote, price_native, volume_native, fees_native, is_wash, preconfirmed, tx_hash
from trades;
