import type { ChainReadiness } from "@tapeline/core";
import type pg from "pg";

type Row = { head_block: string | null; block: string; indexed_at: string | null; head_at: string | null };

/**
 * The chain's ingest progress from its committed checkpoint: the head seen with the last write,
 * the last block written, and the chain time between them (`lagMs`, 0 when caught up, null when a
 * time is unknown). Null before the first checkpoint.
 */
export async function readChainReadiness(pool: pg.Pool, chain: string): Promise<ChainReadiness | null> {
  const { rows } = await pool.query<Row>(
    `select k.head_block, k.block, k.head_at,
            case when k.block >= k.head_block then k.head_at else b.at end as indexed_at
       from ingest_checkpoints k
       left join ingest_blocks b on b.chain_id = k.chain_id and b.number = k.block
      where k.chain_id = $1`,
    [chain],
  );
  const r = rows[0];
  if (!r) return null;
  return {
    chain,
    headBlock: r.head_block === null ? null : Number(r.head_block),
    indexedBlock: Number(r.block),
    lagMs:
      r.head_at === null || r.indexed_at === null
        ? null
        : Math.max(0, Number(r.head_at) - Number(r.indexed_at)),
  };
}
