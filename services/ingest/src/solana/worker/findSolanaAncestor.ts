import { TapelineError } from "@tapeline/core";
import type pg from "pg";
import type { SolanaSource } from "../source/SolanaSource.ts";

/** Stored blocks compared with the source, newest first, before a fork is called too deep. */
export const SOLANA_FORK_DEPTH_MAX = 256;

/** No stored block within SOLANA_FORK_DEPTH_MAX is still on the source's chain. */
export class SolanaForkTooDeepError extends TapelineError {
  override name = "SolanaForkTooDeepError";
  constructor(fromSlot: bigint, depth: number) {
    super(`no stored Solana block within ${depth} blocks below slot ${fromSlot} is on the source's chain`);
  }
}

/**
 * The newest stored block the source still serves with the same hash: the last block both
 * branches share. Walks the stored blocks (`ingest_blocks`) down from the newest.
 * @throws SolanaForkTooDeepError when none of the newest SOLANA_FORK_DEPTH_MAX is
 */
export async function findSolanaAncestor(
  db: pg.Pool,
  source: SolanaSource,
  chain: string,
): Promise<{ slot: bigint; hash: string }> {
  const { rows } = await db.query<{ number: string; hash: string }>(
    "select number, hash from ingest_blocks where chain_id = $1 order by number desc limit $2",
    [chain, SOLANA_FORK_DEPTH_MAX],
  );
  for (const r of rows) {
    const slot = BigInt(r.number);
    const block = await source.getBlock(slot);
    if (block?.blockhash === r.hash) return { slot, hash: r.hash };
  }
  throw new SolanaForkTooDeepError(BigInt(rows[0]?.number ?? 0), SOLANA_FORK_DEPTH_MAX);
}
