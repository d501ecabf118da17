import type pg from "pg";
import type { IngestBlock, IngestCheckpoint } from "./IngestBatch.ts";

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

/**
 * Stores the unfinalized `blocks` (one per number) and sets `chain`'s checkpoint,
 * inside the caller's transaction, in one statement (a round trip less on the live path).
 */
export async function writeBlocksAndCheckpoint(
  client: pg.PoolClient,
  chain: string,
  blocks: readonly IngestBlock[],
  cp: IngestCheckpoint | undefined,
  now: number,
): Promise<void> {
  const params: unknown[] = [chain];
  const parts: string[] = [];
  if (blocks.length > 0) {
    params.push(
      blocks.map((b) => b.number.toString()),
      blocks.map((b) => b.hash),
      blocks.map((b) => b.parentHash),
      blocks.map((b) => b.at),
    );
    parts.push(`insert into ingest_blocks (chain_id, number, hash, parent_hash, at)
     select $1, number, hash, parent_hash, at from unnest($2::bigint[], $3::text[], $4::text[], $5::bigint[])
       as u(number, hash, parent_hash, at)
     on conflict (chain_id, number) do update set hash = excluded.hash, parent_hash = excluded.parent_hash, at = excluded.at`);
  }
  if (cp) {
    const n = params.length;
    params.push(cp.block.toString(), cp.blockHash, cp.headBlock?.toString() ?? null, cp.headAt, now);
    parts.push(`insert into ingest_checkpoints (chain_id, block, block_hash, head_block, head_at, updated_at)
     values ($1, $${n + 1}, $${n + 2}, $${n + 3}, $${n + 4}, $${n + 5})
     on conflict (chain_id) do update set block = excluded.block, block_hash = excluded.block_hash,
       head_block = excluded.head_block, head_at = excluded.head_at, updated_at = excluded.updated_at`);
  }
  const [first, second] = parts;
  if (first === undefined) return;
  // a data-modifying CTE runs to completion whether or not the main statement reads it
  await client.query(second === undefined ? first : `with b as (${first}) ${second}`, params);
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
