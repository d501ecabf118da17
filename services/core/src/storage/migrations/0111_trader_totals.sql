-- Trader lifetime totals: what each wallet traded on each market over the market's whole
-- recorded history (the sums of its `trader_buckets` rows), one row per (market, wallet), so a
-- lifetime ranking (`timeframe=all`) on one market reads the first entries of its sort key's
-- index instead of summing every day bucket of every wallet. Written by the ingest writer in the
-- same transaction as the buckets; a reorg rollback recomputes the rows of the removed trades'
-- wallets from their rebuilt day buckets. A market table: distributed by `market`, co-located
-- with `pools`, so one market's ranking is a single-shard read.
create table trader_totals (
  market         text not null,
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
  primary key (market, wallet)
);
-- One index per sort key of the ranking, on the expressions readTopTraderRows orders by (a
-- wallet with a trade of unknown native value has no native key).
create index trader_totals_pnl on trader_totals
  (market, (case when native_missing = 0 then sold_native - bought_native end));
create index trader_totals_bought on trader_totals (market, (case when native_missing = 0 then bought_native end));
create index trader_totals_sold on trader_totals (market, (case when native_missing = 0 then sold_native end));
create index trader_totals_txns on trader_totals (market, (buys + sells));

select tapeline_distribute_table('trader_totals', 'market', 'pools');
