import type { VenueType } from "@tapeline/core";
import { discriminatorHex } from "./discriminatorHex.ts";
import { instructionData } from "./instructionData.ts";
import type { SolanaTransaction } from "./SolanaTransaction.ts";
import type { SolanaVenue, SwapLeg, VenueOutput } from "./SolanaVenue.ts";
import { vaultSwapLeg } from "./vaultSwapLeg.ts";

/** Where a swap instruction keeps its pool and vaults (account positions, from the IDL). */
export type SwapAccounts = { pool: number; vaults: readonly [number, number]; trader?: number };

export type VaultVenueSpec = {
  venueType: VenueType;
  programId: string;
  exchangeName: string;
  launchpad?: string | null;
  vaultsAreReserves?: boolean;
  /** swap instructions by 8-byte discriminator (hex) */
  swaps: Readonly<Record<string, SwapAccounts | readonly SwapAccounts[]>>;
  /** reads the venue's events or other instructions (creation, progress, migration) */
  extra?: (tx: SolanaTransaction, i: number, out: VenueOutput, legs: SwapLeg[]) => void;
};

/**
 * A venue whose swaps move tokens between the user and two pool vaults: each swap instruction
 * (by Anchor discriminator) yields one leg per pool it names (two-hop instructions name two).
 */
export function createVaultVenue(spec: VaultVenueSpec): SolanaVenue {
  return {
    venueType: spec.venueType,
    programId: spec.programId,
    exchangeName: spec.exchangeName,
    decode(tx, i, out) {
      const ix = tx.instructions[i]!;
      // a self-CPI event (one account: the event authority) is read by the instruction that emitted it
      if (ix.accounts.length <= 1) return;
      const layouts = spec.swaps[discriminatorHex(instructionData(ix))];
      const legs: SwapLeg[] = [];
      if (layouts) {
        for (const a of Array.isArray(layouts) ? (layouts as SwapAccounts[]) : [layouts as SwapAccounts]) {
          const pool = ix.accounts[a.pool];
          const v0 = ix.accounts[a.vaults[0]];
          const v1 = ix.accounts[a.vaults[1]];
          if (!pool || !v0 || !v1) continue;
          const leg = vaultSwapLeg(tx, i, {
            venueType: spec.venueType,
            programId: spec.programId,
            exchangeName: spec.exchangeName,
            pool,
            vaults: [v0, v1],
            trader: a.trader === undefined ? null : (ix.accounts[a.trader] ?? null),
            launchpad: spec.launchpad ?? null,
            vaultsAreReserves: spec.vaultsAreReserves,
          });
          if (leg) legs.push(leg);
        }
      }
      spec.extra?.(tx, i, out, legs);
      out.legs.push(...legs);
    },
  };
}
