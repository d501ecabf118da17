-- Wallet tables keep one index each: a unique index in page order (newest first) serves both the
-- keyset pages and the writer's idempotence (a swap's or event's time, block and position never
-- change), and a rollback finds the rows by the wallets of the trades it removes, so neither the
-- primary keys nor the per-block indexes are needed. Each index dropped is one less for every
-- ingested swap to maintain.

alter table wallet_swaps drop constraint wallet_swaps_pkey;
drop index wallet_swaps_page;
drop index wallet_swaps_block;
create unique index wallet_swaps_page on wallet_swaps (wallet_key, at desc, block desc, seq desc, tx_hash desc);

alter table wallet_trades drop constraint wallet_trades_pkey;
drop index wallet_trades_page;
drop index wallet_trades_block;
create unique index wallet_trades_page on wallet_trades
  (wallet_key, at desc, block desc, log_index desc, tx_hash desc, token_address desc, is_buy);
