-- Balances of tracked tokens (every token with a market), written by the ingest writer in the
-- same transaction as the market rows and the checkpoint, and undone by a reorg rollback.
-- Amounts are raw integers. See "Token balances" in services/ingest/src/writer/README.md.

-- One row per tracked token: since which block its balances are kept (a rollback to before it
-- forgets the token's balances entirely) and how many holders have a positive balance.
-- A token table: distributed by `token_key` (`<chain>/<token>`), co-located with `token_markets`.
create table token_holder_stats (
  token_key     text primary key,
  chain_id      text not null,
  token_address text not null,
  tracked_block bigint not null,
  holder_count  bigint not null default 0
);
create index token_holder_stats_chain on token_holder_stats (chain_id, tracked_block);

-- Current balances by token: one row per holder with a positive balance (a holder whose balance
-- falls to zero is removed). One token's holders live on one shard.
create table token_holders (
  token_key     text not null,
  chain_id      text not null,
  token_address text not null,
  holder        text not null,
  balance       numeric(78, 0) not null,
  updated_block bigint not null,
  primary key (token_key, holder)
);
-- the keyset of the holders page: largest first, then holder address
create index token_holders_page on token_holders (token_key, balance desc, holder);

-- Solana: the token accounts of each tracked mint seen since tracking began, with their latest
-- amount (a transaction's post balance). An owner's balance is the sum of its accounts' amounts:
-- each transaction moves it by post minus the stored amount (zero for an account first seen).
-- A rollback restores the amounts kept on the deleted change rows (`accounts`) and forgets the
-- accounts first seen after its ancestor.
create table token_accounts (
  token_key     text not null,
  chain_id      text not null,
  account       text not null,
  owner         text not null,
  amount        numeric(78, 0) not null,
  first_block   bigint not null,
  primary key (token_key, account)
);
create index token_accounts_block on token_accounts (chain_id, first_block);

-- Current balances by wallet: one row per wallet and token it ever held since tracking began,
-- zero balances kept.
create table wallet_balances (
  wallet_key    text not null,
  chain_id      text not null,
  wallet        text not null,
  token_address text not null,
  balance       numeric(78, 0) not null,
  updated_block bigint not null,
  updated_at    bigint not null,
  primary key (wallet_key, token_address)
);

-- The per-wallet change log: one row per wallet, token and transaction, with the balance after
-- it, in chain order by (block, seq). A wallet's balance of a token at time T is the `balance` of
-- its last row with `at <= T` (no row: unknown before tracking, see the README).
create table wallet_balance_changes (
  wallet_key    text not null,
  chain_id      text not null,
  wallet        text not null,
  token_address text not null,
  block         bigint not null,
  seq           int not null, -- the transaction's position in its block
  at            bigint, -- block time, unix ms; null when the source gave none (some recorded Solana blocks)
  tx_hash       text not null,
  delta         numeric(78, 0) not null,
  balance       numeric(78, 0) not null,
  -- Solana: the holder's token accounts in the transaction, [{ "account", "before", "after" }]
  -- (raw amounts as strings; `before` null for an account first seen); null on EVM
  accounts      jsonb,
  primary key (wallet_key, token_address, block, seq, tx_hash)
);
create index wallet_balance_changes_time on wallet_balance_changes (wallet_key, at, block, seq);
create index wallet_balance_changes_block on wallet_balance_changes (chain_id, block);
create index wallet_balance_changes_token on wallet_balance_changes (chain_id, token_address);

select tapeline_distribute_table('token_holder_stats', 'token_key', 'token_markets');
select tapeline_distribute_table('token_holders', 'token_key', 'token_holder_stats');
select tapeline_distribute_table('token_accounts', 'token_key', 'token_holder_stats');
select tapeline_distribute_table('wallet_balances', 'wallet_key', 'wallet_swaps');
select tapeline_distribute_table('wallet_balance_changes', 'wallet_key', 'wallet_swaps');
