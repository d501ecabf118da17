import type pg from "pg";
import type { IngestCheckpoint } from "./IngestBatch.ts";

/**
 * The only reader and writer of `ingest_checkpoints`: where a chain's ingest stands, one row per
 * chain. The writer moves it in the batch's own transaction, so the rows and the checkpoint
 * never disagree after a crash.
 */

/** The last block (slot on Solana) written for `chain` and its hash; null before the first write. */
export async function readCheckpoint(
  db: pg.Pool | pg.PoolClient,
  chain: string,
): Promise<{ block: bigint; blockHash: string | null } | null> {
  const res = await db.query<{ block: string; block_hash: string | null }>(
    "select block, block_hash from ingest_checkpoints where chain_id = $1",
    [chain],
  );
  const row = res.rows[0];
  return row ? { block: BigInt(row.block), blockHash: row.block_hash } : null;
}

/** Sets `chain`'s checkpoint, inside the caller's transaction. */
export async function writeCheckpoint(
  client: pg.PoolClient,
  chain: string,
  cp: IngestCheckpoint,
  now: number,
): Promise<void> {
  await client.query(
    `insert into ingest_checkpoints (chain_id, block, block_hash, head_block, head_at, updated_at)
     values ($1, $2, $3, $4, $5, $6)
     on conflict (chain_id) do update set block = excluded.block, block_hash = excluded.block_hash,
       head_block = excluded.head_block, head_at = excluded.head_at, updated_at = excluded.updated_at`,
    [chain, cp.block.toString(), cp.blockHash, cp.headBlock?.toString() ?? null, cp.headAt, now],
  );
}

/**
 * Moves `chain`'s checkpoint back to `ancestor` (a reorg rollback, inside its transaction) when
 * it stands past it, taking the ancestor's hash from the kept unfinalized blocks.
 */
export async function rewindCheckpoint(
  client: pg.PoolClient,
  chain: string,
  ancestor: string,
  now: number,
): Promise<void> {
  await client.query(
    `update ingest_checkpoints set block = $2,
       block_hash = (select hash from ingest_blocks where chain_id = $1 and number = $2), updated_at = $3
     where chain_id = $1 and block > $2`,
    [chain, ancestor, now],
  );
}
