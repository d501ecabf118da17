import type { VenueType } from "@tapeline/core";
import type { SolanaTransaction } from "./SolanaTransaction.ts";
import type { VenueOutput } from "./SolanaVenue.ts";

export type LaunchpadMigration = {
  launchpad: string;
  venueType: VenueType;
  programId: string;
  exchangeName: string;
  /** the launchpad pool (bonding curve) the token leaves */
  curve: string;
  mint: string;
  quote: string;
  /** the pool the token graduated to */
  migratedTo: string | null;
  /** unix ms: the migration event's own timestamp, else the migration's block time */
  at: number | null;
};

/**
 * Records a token's graduation: the curve marked migrated at full progress with `graduatedAt`
 * taken from the migration itself (never from the later pool's creation), and a `migrate`
 * launchpad event naming the pool it moved to. The deployer is not the migration's sender, so
 * the event names no creator.
 */
export function pushLaunchpadMigration(tx: SolanaTransaction, out: VenueOutput, m: LaunchpadMigration): void {
  out.pools.push({
    chain: "solana",
    address: m.curve,
    venueType: m.venueType,
    factory: m.programId,
    exchangeName: m.exchangeName,
    token0: m.mint,
    token1: m.quote,
    tokenAddress: m.mint,
    quoteAddress: m.quote,
    launchpad: m.launchpad,
    isLaunchpad: true,
    bondingProgress: 100,
    migrated: true,
    graduatedAt: m.at,
    updatedBlock: tx.slot,
  });
  out.launchpadEvents.push({
    kind: "migrate",
    launchpad: m.launchpad,
    mint: m.mint,
    pool: m.curve,
    at: m.at,
    signature: tx.signature,
    slot: tx.slot,
    creator: null,
    bondingProgress: 100,
    migratedTo: m.migratedTo,
  });
}
