import type { SolanaTransaction } from "./SolanaTransaction.ts";
import type { VenueOutput } from "./SolanaVenue.ts";

/**
 * Records a launchpad pool's creation as decoded from its create event: the new token (its
 * deployer known, its other facts left to the token readers) and a `create` launchpad event at
 * zero bonding progress.
 */
export function pushLaunchpadCreate(
  tx: SolanaTransaction,
  out: VenueOutput,
  created: { launchpad: string; mint: string; pool: string; creator: string; at: number | null },
): void {
  const { launchpad, mint, pool, creator, at } = created;
  out.tokens.push({
    chain: "solana",
    address: mint,
    name: null,
    symbol: null,
    decimals: null,
    totalSupply: null,
    deployer: creator,
    createdAt: at,
    createdBlock: tx.slot,
    createdTx: tx.signature,
  });
  out.launchpadEvents.push({
    kind: "create",
    launchpad,
    mint,
    pool,
    at,
    signature: tx.signature,
    slot: tx.slot,
    creator,
    bondingProgress: 0,
    migratedTo: null,
  });
}
