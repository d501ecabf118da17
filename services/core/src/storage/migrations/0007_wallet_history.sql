-- Wallet history: every swap the ingest records is written a second time keyed by its wallet (the
-- trade's resolved maker), in the same transaction as the market rows, because wallets are read
-- across pools. `wallet_key` (`<chain>/<wallet>`) is the distribution key: one wallet's rows live
-- on one Citus shard. Amounts in the jsonb columns are raw integers carried as strings.

-- One row per transaction and wallet. `sent`/`received`: [{ "tokenAddress", "amount" }];
-- `route`: [{ "poolAddress", "poolType", "sent", "received", "router"? }] in route order.
create table wallet_swaps (
  wallet_key     text not null,
  chain_id       text not null,
  wallet         text not null,
  tx_hash        text not null,
  block          bigint not null,
  seq            int not null,
  at             bigint not null,
  sent           jsonb not null,
  received       jsonb not null,
  route          jsonb not null,
  volume_native  numeric,
  fees_native    numeric,
  router_program text,
  router_name    text,
  primary key (wallet_key, tx_hash)
);
-- the keyset of a wallet's pages, newest first
create index wallet_swaps_page on wallet_swaps (wallet_key, at desc, block desc, seq desc, tx_hash desc);
create index wallet_swaps_block on wallet_swaps (chain_id, block);

-- One row per transaction, wallet, token and side (the legs of a multi-hop merged).
create table wallet_trades (
  wallet_key    text not null,
  chain_id      text not null,
  wallet        text not null,
  tx_hash       text not null,
  token_address text not null,
  is_buy        boolean not null,
  block         bigint not null,
  log_index     int not null,
  at            bigint not null,
  amount_token  numeric(78, 0) not null,
  volume_native numeric,
  price_native  numeric,
  primary key (wallet_key, tx_hash, token_address, is_buy)
);
create index wallet_trades_page on wallet_trades (wallet_key, at desc, block desc, log_index desc);
create index wallet_trades_block on wallet_trades (chain_id, block);

do $$
begin
  if exists (select 1 from pg_extension where extname = 'citus') then
    perform create_distributed_table('wallet_swaps', 'wallet_key');
    perform create_distributed_table('wallet_trades', 'wallet_key', colocate_with => 'wallet_swaps');
  end if;
end
$$;
