-- Sliding trader windows: what each wallet traded on each market over the 1d, 7d and 30d windows,
-- one row per (market, timeframe, wallet), so a ranking over a long window reads the first
-- entries of its sort key's index instead of summing a month of rollup buckets per wallet.
-- A row holds the sums of the wallet's trades at or after its timeframe's start in
-- `trader_window_marks`: the ingest writer adds each trade in its batch transaction, the
-- `trader-windows` job moves the start up to the current window and subtracts the buckets that
-- left it (deleting rows left without trades), a reorg rollback recomputes the removed trades'
-- wallets' rows from their rebuilt buckets. `first_at` is the first trade added since the row
-- was created: exact when it is at or after the window start, else older than the window (the
-- read then looks the first window trade up). Distributed by `market`, co-located with `pools`.
create table trader_windows (
  market         text not null,
  timeframe      text not null,
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
  primary key (market, timeframe, wallet)
);
-- One index per sort key, on the expressions the ranking orders by (as trader_totals, 0111).
create index trader_windows_pnl on trader_windows
  (market, timeframe, (case when native_missing = 0 then sold_native - bought_native end));
create index trader_windows_bought on trader_windows
  (market, timeframe, (case when native_missing = 0 then bought_native end));
create index trader_windows_sold on trader_windows
  (market, timeframe, (case when native_missing = 0 then sold_native end));
create index trader_windows_txns on trader_windows (market, timeframe, (buys + sells));
-- The rows a slide emptied, found without reading the others (normally none).
create index trader_windows_empty on trader_windows (market, timeframe) where buys + sells = 0;

select tapeline_distribute_table('trader_windows', 'market', 'pools');

-- Where each sliding timeframe's rows start (ms, minute-aligned). No row: the timeframe has no
-- window rows yet (the job's first run builds them); the writer adds nothing for it.
create table trader_window_marks (
  timeframe text primary key,
  start_ms  bigint not null
);

select tapeline_reference_table('trader_window_marks');
