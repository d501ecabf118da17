import type pg from "pg";

/**
 * Records where the chain's live ingest began (`block`), unless already recorded: the first
 * record stays, so restarts never move it.
 * @returns the recorded live start.
 */
export async function recordLiveStart(pool: pg.Pool, chain: string, block: bigint): Promise<bigint> {
  await pool.query(
    `insert into ingest_live_starts (chain_id, block, recorded_at) values ($1, $2, $3)
     on conflict (chain_id) do nothing`,
    [chain, block.toString(), Date.now()],
  );
  const res = await pool.query<{ block: string }>(
    "select block from ingest_live_starts where chain_id = $1",
    [chain],
  );
  return BigInt(res.rows[0]!.block);
}
