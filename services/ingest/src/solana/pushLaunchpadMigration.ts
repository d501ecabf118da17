import type { VenueType } from "@tapeline/core";
import { discriminatorHex } from "./discriminatorHex.ts";
import { instructionData } from "./instructionData.ts";
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

/** Account positions of a migration instruction (from the IDL): the curve, the pool it moves to, the mints. */
export type MigrationAccounts = { curve: number; pool: number; base: number; quote: number };

/**
 * Reads instruction `i` as one of a launchpad's migration instructions (`migrations`, by Anchor
 * discriminator) and records the graduation at the block time; other instructions add nothing.
 */
export function readMigrationInstruction(
  tx: SolanaTransaction,
  i: number,
  out: VenueOutput,
  venue: Pick<LaunchpadMigration, "launchpad" | "venueType" | "programId" | "exchangeName">,
  migrations: Readonly<Record<string, MigrationAccounts>>,
): void {
  const ix = tx.instructions[i]!;
  const m = migrations[discriminatorHex(instructionData(ix))];
  if (!m) return;
  const curve = ix.accounts[m.curve];
  const mint = ix.accounts[m.base];
  const quote = ix.accounts[m.quote];
  if (!curve || !mint || !quote) return;
  pushLaunchpadMigration(tx, out, {
    ...venue,
    curve,
    mint,
    quote,
    migratedTo: ix.accounts[m.pool] ?? null,
    at: tx.blockTime === null ? null : tx.blockTime * 1000,
  });
}
