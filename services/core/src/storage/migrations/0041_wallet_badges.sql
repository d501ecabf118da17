-- Wallet badges (`proTrader`, `smartTrader`) and the figures they were judged on, recomputed per
-- chain by the jobs service (job `wallet-badges`) from the wallet-keyed trade history; not
-- written by the ingest writer, so a reorg's trades leave them at the next run. A wallet table:
-- distributed by `wallet_key`, co-located with the other wallet tables.
create table wallet_badges (
  wallet_key          text primary key,
  chain_id            text not null,
  wallet              text not null,
  pro_trader          boolean not null,
  smart_trader        boolean not null,
  trades_30d          int not null,
  tokens_30d          int not null,
  realized_native_30d numeric not null,
  realized_native_90d numeric not null,
  decided_tokens_90d  int not null,
  won_tokens_90d      int not null,
  computed_at         bigint not null
);

select tapeline_distribute_table('wallet_badges', 'wallet_key', 'wallet_swaps');
