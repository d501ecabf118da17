import type { SolanaTransaction } from "./SolanaTransaction.ts";
import type { VenueOutput } from "./SolanaVenue.ts";

/**
 * Records that a bonding curve filled (the trade that sold its last curve token): a `complete`
 * launchpad event at full progress. Graduation comes later, with the migration.
 */
export function pushLaunchpadComplete(
  tx: SolanaTransaction,
  out: VenueOutput,
  c: { launchpad: string; mint: string; curve: string; at: number | null },
): void {
  out.launchpadEvents.push({
    kind: "complete",
    launchpad: c.launchpad,
    mint: c.mint,
    pool: c.curve,
    at: c.at,
    signature: tx.signature,
    slot: tx.slot,
    creator: null,
    bondingProgress: 100,
    migratedTo: null,
  });
}
