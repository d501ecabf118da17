-- All-time highs of each market, kept by the ingest writer: the highest wick-clamped 1-minute
-- high of its native price and the highest native liquidity it was seen with. A token's
-- priceNativeAth and liquidityNativeAth are its best pool's.
alter table pools add column if not exists price_native_ath numeric;
alter table pools add column if not exists liquidity_native_ath numeric;

-- Each time a market's all-time high rises: at which block (the latest block of the batch's
-- trades or state in that market) and from which minute the rise was computed. A rollback
-- drops the marks after its ancestor and recomputes the highs from the remaining marks and the
-- rebuilt candles since the earliest dropped minute; finalized marks are pruned to the latest.
create table if not exists pool_ath_marks (
  market               text not null,
  chain_id             text not null,
  block                bigint not null,
  from_s               bigint, -- unix seconds, the first minute bucket the rise was computed from
  price_native_ath     numeric,
  liquidity_native_ath numeric,
  primary key (market, block)
);

select tapeline_distribute_table('pool_ath_marks', 'market', 'pools');
