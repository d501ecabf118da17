-- How many wallets each market's sliding window rows hold per timeframe (the rows of
-- `trader_windows`), kept by the statements that insert and delete those rows, in their
-- transactions: the writer's upsert counts the rows it inserts, a slide the rows it deletes, a
-- rebuild or a rollback recounts the markets it rebuilt. A ranking's `traderCount` then reads one
-- row instead of counting every wallet of the window (50,000 index entries on a busy market).
-- No row: no window rows. Distributed by `market`, co-located with `pools` and `trader_windows`.
create table trader_window_counts (
  market    text not null,
  timeframe text not null,
  wallets   int not null,
  primary key (market, timeframe)
);

select tapeline_distribute_table('trader_window_counts', 'market', 'pools');

insert into trader_window_counts (market, timeframe, wallets)
select market, timeframe, count(*)::int from trader_windows group by market, timeframe;
