-- Ingest writer state. Candle buckets keep the ordering key (at, block, log_index, trade id) of
-- their first and last trade, so open and close merge correctly whatever order trades arrive in
-- (several trades share one block time). Pool snapshots keep each pool's state per block while
-- the block is unfinalized, so a rollback can restore the state at the common ancestor.

alter table candle_buckets
  add column first_block     bigint,
  add column first_log_index int,
  add column first_id        text,
  add column last_block      bigint,
  add column last_log_index  int,
  add column last_id         text;

-- One edge (first or last trade) of a bucket; aggregated with array_agg(... order by ...).
create type candle_edge as (at bigint, block bigint, log_index int, id text, price numeric);

create table pool_snapshots (
  market           text not null,
  chain_id         text not null,
  block            bigint not null,
  reserve0         numeric(78, 0),
  reserve1         numeric(78, 0),
  liquidity        numeric(78, 0),
  sqrt_price_x96   numeric(78, 0),
  tick             int,
  price_native     numeric,
  price_quote      numeric,
  liquidity_native numeric,
  primary key (market, block)
);
create index pool_snapshots_chain_block on pool_snapshots (chain_id, block);

do $$
begin
  if exists (select 1 from pg_extension where extname = 'citus') then
    perform create_distributed_table('pool_snapshots', 'market', colocate_with => 'pools');
  end if;
end
$$;
