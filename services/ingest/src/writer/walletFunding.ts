import { type WalletFundingRecord, walletKey } from "@tapeline/core";
import type pg from "pg";

/** (block, tx index, position): the chain order of two fundings. */
const before = (a: WalletFundingRecord, b: WalletFundingRecord) =>
  a.block !== b.block
    ? a.block < b.block
    : a.txIndex !== b.txIndex
      ? a.txIndex < b.txIndex
      : a.position < b.position;

/**
 * Keeps each wallet's earliest funding: the batch's earliest per wallet, written over a stored
 * one only when it comes first in chain order (a re-ingested block rewrites its own row). Inside
 * the batch's transaction. One statement.
 */
export async function keepEarliestFundings(client: pg.PoolClient, fundings: readonly WalletFundingRecord[]) {
  const earliest = new Map<string, WalletFundingRecord>();
  for (const f of fundings) {
    const key = walletKey(f.chain, f.wallet);
    const was = earliest.get(key);
    if (!was || before(f, was)) earliest.set(key, f);
  }
  if (earliest.size === 0) return;
  const rows = [...earliest.entries()];
  await client.query(
    `insert into wallet_funding as w (wallet_key, chain_id, wallet, funder, funded_at, block, tx_index, position, tx_hash, amount_native)
     select * from unnest($1::text[], $2::text[], $3::text[], $4::text[], $5::bigint[], $6::bigint[], $7::int[], $8::int[],
                          $9::text[], $10::numeric[])
     on conflict (wallet_key) do update set funder = excluded.funder, funded_at = excluded.funded_at, block = excluded.block,
       tx_index = excluded.tx_index, position = excluded.position, tx_hash = excluded.tx_hash, amount_native = excluded.amount_native
     where (excluded.block, excluded.tx_index, excluded.position) <= (w.block, w.tx_index, w.position)`,
    [
      rows.map(([k]) => k),
      rows.map(([, f]) => f.chain),
      rows.map(([, f]) => f.wallet),
      rows.map(([, f]) => f.funder),
      rows.map(([, f]) => f.fundedAt),
      rows.map(([, f]) => f.block.toString()),
      rows.map(([, f]) => f.txIndex),
      rows.map(([, f]) => f.position),
      rows.map(([, f]) => f.txHash),
      rows.map(([, f]) => f.amountNative.toString()),
    ],
  );
}
