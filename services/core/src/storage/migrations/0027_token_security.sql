-- Token security facts as last read from the chain (authorities, extensions, owner and proxy,
-- the buy-and-sell simulation, LP burn, launch labels), one row per token, written by the query
-- shards when they read a token's facts and served from here until `checked_at` is older than
-- the facts' time to live. Not written by the ingest writer: a reorg leaves it to the next read.
-- A token table: distributed by `token_key` (`<chain>/<token>`), co-located with `token_markets`.
create table token_security (
  token_key  text primary key,
  chain_id   text not null,
  address    text not null,
  facts      jsonb not null,
  checked_at bigint not null
);

select tapeline_distribute_table('token_security', 'token_key', 'token_markets');
