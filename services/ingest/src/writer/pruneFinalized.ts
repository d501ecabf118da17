import type { ChainId } from "@tapeline/core";
import type pg from "pg";

/**
 * Forgets reorg bookkeeping no rollback can need once `finalizedBlock` is final: unfinalized
 * block hashes below it, and pool snapshots and all-time-high marks below it except each
 * pool's latest one at or below it (what a rollback to a later ancestor restores).
 */
export async function pruneFinalized(pool: pg.Pool, chain: ChainId, finalizedBlock: bigint): Promise<void> {
  const fin = finalizedBlock.toString();
  await pool.query("delete from ingest_blocks where chain_id = $1 and number < $2", [chain, fin]);
  await pool.query(
    `delete from pool_snapshots s where s.chain_id = $1 and s.block < $2
     and exists (select 1 from pool_snapshots n where n.market = s.market and n.block > s.block and n.block <= $2)`,
    [chain, fin],
  );
  await pool.query(
    `delete from pool_ath_marks s where s.chain_id = $1 and s.block < $2
     and exists (select 1 from pool_ath_marks n where n.market = s.market and n.block > s.block and n.block <= $2)`,
    [chain, fin],
  );
}
