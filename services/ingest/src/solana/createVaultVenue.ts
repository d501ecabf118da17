import type { VenueType } from "@tapeline/core";
import { childEvents } from "./childEvents.ts";
import type { AnchorEvent } from "./decodeAnchorEvent.ts";
import { discriminatorHex } from "./discriminatorHex.ts";
import { instructionData } from "./instructionData.ts";
import { pushLaunchpadComplete } from "./pushLaunchpadComplete.ts";
import { pushLaunchpadCreate } from "./pushLaunchpadCreate.ts";
import { type MigrationAccounts, readMigrationInstruction } from "./pushLaunchpadMigration.ts";
import type { SolanaInstruction, SolanaTransaction } from "./SolanaTransaction.ts";
import type { SolanaVenue, SwapLeg, VenueOutput } from "./SolanaVenue.ts";
import { vaultSwapLeg } from "./vaultSwapLeg.ts";

/** Where a swap instruction keeps its pool and vaults (account positions, from the IDL). */
export type SwapAccounts = {
  pool: number;
  vaults: readonly [number, number];
  trader?: number;
  /** token accounts the venue's fees go to beside the pool (see `VaultLegSpec.feeAccounts`) */
  fees?: readonly number[];
  /** the trader's token accounts (see `VaultLegSpec.userAccounts`) */
  users?: readonly number[];
};

/** What one of a launchpad's self-CPI events says of its curve. */
export type LaunchpadEventFacts = {
  /** bonding progress (0–100) after the swap that emitted the event */
  progress?: number | null;
  /** the curve sold out */
  complete?: { mint: string; curve: string };
  /** the curve was created; `creator` is the token's deployer */
  create?: { mint: string; pool: string; creator: string };
};

/** A bonding-curve launchpad's lifecycle: its events, and its migration instructions by discriminator. */
export type LaunchpadLifecycle = {
  readEvent(ev: AnchorEvent, ix: SolanaInstruction): LaunchpadEventFacts | null;
  migrations: Readonly<Record<string, MigrationAccounts>>;
};

export type VaultVenueSpec = {
  venueType: VenueType;
  programId: string;
  exchangeName: string;
  launchpad?: string | null;
  /** with `launchpad`: creation, progress, completion and graduation of its curves */
  lifecycle?: LaunchpadLifecycle;
  vaultsAreReserves?: boolean;
  /** swap instructions by 8-byte discriminator (hex) */
  swaps: Readonly<Record<string, SwapAccounts | readonly SwapAccounts[]>>;
  /** reads the venue's other events or instructions */
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
            feeAccounts: a.fees && feeAccountsOf(ix.accounts, a.fees),
            userAccounts: a.users && feeAccountsOf(ix.accounts, a.users),
          });
          if (leg) legs.push(leg);
        }
      }
      if (spec.lifecycle && spec.launchpad)
        readLifecycle(tx, i, out, legs, spec, spec.launchpad, spec.lifecycle);
      spec.extra?.(tx, i, out, legs);
      out.legs.push(...legs);
    },
  };
}

/** The accounts an instruction names at some positions (a loop: this runs for every swap of these venues). */
function feeAccountsOf(accounts: readonly string[], positions: readonly number[]): string[] {
  const out: string[] = [];
  for (const k of positions) {
    const account = accounts[k];
    if (account) out.push(account);
  }
  return out;
}

function readLifecycle(
  tx: SolanaTransaction,
  i: number,
  out: VenueOutput,
  legs: SwapLeg[],
  spec: VaultVenueSpec,
  launchpad: string,
  lifecycle: LaunchpadLifecycle,
): void {
  const { venueType, programId, exchangeName } = spec;
  if (legs.length === 0) {
    readMigrationInstruction(
      tx,
      i,
      out,
      { launchpad, venueType, programId, exchangeName },
      lifecycle.migrations,
    );
  }
  const ix = tx.instructions[i]!;
  const at = tx.blockTime === null ? null : tx.blockTime * 1000;
  for (const ev of childEvents(tx, i)) {
    const facts = lifecycle.readEvent(ev, ix);
    if (!facts) continue;
    if (facts.progress !== undefined) for (const leg of legs) leg.bondingProgress = facts.progress;
    if (facts.complete) pushLaunchpadComplete(tx, out, { launchpad, ...facts.complete, at });
    if (facts.create) pushLaunchpadCreate(tx, out, { launchpad, ...facts.create, at });
  }
}
