-- How many wallets each market's per-wallet trader rows hold: its lifetime rows (`trader_totals`)
-- under timeframe 'all', and each sliding timeframe's window rows (`trader_windows`) under the
-- timeframe. Kept by the statements that insert and delete those rows, in their transactions:
-- the writer's upserts count the rows they insert, a slide the window rows it deletes, a rebuild
-- or a rollback counts its markets' rows again. A ranking's `traderCount` then reads one row
-- instead of counting every wallet (50,000 index or heap entries on a busy market, the largest
-- step of a 7d, 30d or lifetime ranking). No row: no rows of the kind. Distributed by `market`,
-- co-located with `pools`, `trader_totals` and `trader_windows`.
create table trader_counts (
  market    text not null,
  timeframe text not null,
  wallets   int not null,
  primary key (market, timeframe)
);

select tapeline_distribute_table('trader_counts', 'market', 'pools');

insert into trader_counts (market, timeframe, wallets)
select market, 'all', count(*)::int from trader_totals group by market;

insert into trader_counts (market, timeframe, wallets)
select market, timeframe, count(*)::int from trader_windows group by market, timeframe;
