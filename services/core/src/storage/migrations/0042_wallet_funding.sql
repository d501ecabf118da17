-- Wallet funding: the earliest native transfer that funded each wallet, recorded by ingest. A
-- transfer counts when it lands on an account that held nothing before its transaction (the
-- account's creation, or its re-creation after being emptied), so a wallet that already existed
-- when ingest started has no row (unknown), never a later transfer served as its first. One row
-- per wallet, kept at the earliest (block, tx_index, position) seen; a reorg rollback deletes the
-- rows of the removed blocks (an earlier funding would have been kept instead, so nothing else is
-- lost) and the re-ingested blocks write them again. A wallet table: distributed by
-- `wallet_key`, co-located with the other wallet tables.
create table wallet_funding (
  wallet_key    text primary key,
  chain_id      text not null,
  wallet        text not null,
  funder        text not null,
  funded_at     bigint not null,
  block         bigint not null,
  tx_index      int not null,
  position      int not null, -- instruction (Solana) or trace (EVM) position in the transaction
  tx_hash       text not null,
  amount_native numeric(78, 0) not null
);
create index wallet_funding_block on wallet_funding (chain_id, block);

select tapeline_distribute_table('wallet_funding', 'wallet_key', 'wallet_swaps');
