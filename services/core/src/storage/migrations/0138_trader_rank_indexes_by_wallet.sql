-- Top-trader rankings break ties by wallet address in the order's direction, so each sort key's
-- index carries the wallet after the key: the first `limit` rows of a ranking are then the first
-- entries of one index scan (forward for asc, backward for desc), however many wallets share a
-- key (a txns ranking ties thousands of wallets on the same count), instead of every row of the
-- tied group being read and sorted.
drop index trader_totals_pnl;
drop index trader_totals_bought;
drop index trader_totals_sold;
drop index trader_totals_txns;
create index trader_totals_pnl on trader_totals
  (market, (case when native_missing = 0 then sold_native - bought_native end), wallet collate "C");
create index trader_totals_bought on trader_totals
  (market, (case when native_missing = 0 then bought_native end), wallet collate "C");
create index trader_totals_sold on trader_totals
  (market, (case when native_missing = 0 then sold_native end), wallet collate "C");
create index trader_totals_txns on trader_totals (market, (buys + sells), wallet collate "C");

drop index trader_windows_pnl;
drop index trader_windows_bought;
drop index trader_windows_sold;
drop index trader_windows_txns;
create index trader_windows_pnl on trader_windows
  (market, timeframe, (case when native_missing = 0 then sold_native - bought_native end), wallet collate "C");
create index trader_windows_bought on trader_windows
  (market, timeframe, (case when native_missing = 0 then bought_native end), wallet collate "C");
create index trader_windows_sold on trader_windows
  (market, timeframe, (case when native_missing = 0 then sold_native end), wallet collate "C");
create index trader_windows_txns on trader_windows (market, timeframe, (buys + sells), wallet collate "C");
