import type { ChainId } from "@tapeline/core";
import type pg from "pg";
import { pruneFinalized } from "../../writer/pruneFinalized.ts";
import { SOLANA_FORK_DEPTH_MAX } from "./findSolanaAncestor.ts";

/**
 * Forgets the fork bookkeeping no Solana rollback can reach: the ancestor search compares only
 * the newest SOLANA_FORK_DEPTH_MAX stored blocks with the source (a deeper fork stops the
 * worker), so stored block hashes, pool snapshots and all-time-high marks below the oldest of
 * those are never read again (see pruneFinalized). Without this `ingest_blocks` grows by a row
 * per block, about 216,000 a day on mainnet.
 */
export async function pruneBeyondForkDepth(db: pg.Pool, chain: ChainId): Promise<void> {
  const { rows } = await db.query<{ number: string }>(
    "select number from ingest_blocks where chain_id = $1 order by number desc offset $2 limit 1",
    [chain, SOLANA_FORK_DEPTH_MAX - 1],
  );
  const oldestKept = rows[0]?.number;
  if (oldestKept !== undefined) await pruneFinalized(db, chain, BigInt(oldestKept));
}
