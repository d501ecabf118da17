import type { VenueType } from "@tapeline/core";
import { readTokenTransfer } from "./readTokenTransfer.ts";
import type { SolanaTransaction } from "./SolanaTransaction.ts";
import type { SwapLeg } from "./SolanaVenue.ts";
import { subtreeEnd } from "./subtreeEnd.ts";
import { tokenAccount } from "./tokenAccount.ts";

export type VaultLegSpec = {
  venueType: VenueType;
  programId: string;
  exchangeName: string;
  pool: string;
  /** the pool's two vaults, token0's first */
  vaults: readonly [string, string];
  trader?: string | null;
  launchpad?: string | null;
  bondingProgress?: number | null;
  /** false when the vaults are shared and their balances are not this pool's reserves */
  vaultsAreReserves?: boolean;
  /**
   * token accounts the venue pays its fees to beside the pool (protocol, creator): a vault's
   * transfer to one is not received by the trader, and the trader's own is part of what it paid
   */
  feeAccounts?: readonly string[];
  /**
   * the trader's own token accounts the instruction names: with them, whatever a vault pays to
   * another account, or the trader's accounts pay beside the vaults, is a fee beside the pool
   */
  userAccounts?: readonly string[];
};

/**
 * The swap leg an instruction executed on a vault-based pool: the token transfers of its CPI
 * subtree into the pool's vaults (amount in) and out of them (amount out), as the token
 * program executed them (gross of Token-2022 transfer fees). With `feeAccounts`, the amounts are
 * the trader's: fees the vaults pay to them are left out of the amount out, fees the accounts that
 * pay the vaults send to them are added to the amount in.
 * @returns null when the subtree moved nothing both ways (not a swap, or an empty one).
 */
export function vaultSwapLeg(tx: SolanaTransaction, i: number, spec: VaultLegSpec): SwapLeg | null {
  const [v0, v1] = spec.vaults;
  let mintIn: string | null = null;
  let mintOut: string | null = null;
  let amountIn = 0n;
  let amountOut = 0n;
  const counterparties: string[] = [];
  const fees = spec.feeAccounts;
  const users = spec.userAccounts;
  let feesBeside: { source: string; amount: bigint }[] | null = null;
  const payers: string[] = [];
  const end = subtreeEnd(tx, i);
  for (let j = i + 1; j < end; j++) {
    const t = readTokenTransfer(tx.instructions[j]!);
    if (!t || t.amount === 0n) continue;
    if (
      fees?.includes(t.destination) ||
      (users !== undefined && t.destination !== v0 && t.destination !== v1 && !users.includes(t.destination))
    ) {
      if (t.source !== v0 && t.source !== v1) {
        feesBeside ??= [];
        feesBeside.push(t);
      }
      continue;
    }
    const toVault = t.destination === v0 || t.destination === v1;
    const fromVault = t.source === v0 || t.source === v1;
    if (toVault === fromVault) continue;
    if (toVault) {
      mintIn ??= t.mint ?? tokenAccount(tx, t.destination)?.mint ?? null;
      amountIn += t.amount;
      counterparties.push(t.source);
      if (fees || users) payers.push(t.source);
    } else {
      mintOut ??= t.mint ?? tokenAccount(tx, t.source)?.mint ?? null;
      amountOut += t.amount;
      counterparties.push(t.destination);
    }
  }
  // a fee counts when paid from an account that also paid the pool (the trader's input)
  if (feesBeside) for (const f of feesBeside) if (payers.includes(f.source)) amountIn += f.amount;
  if (!mintIn || !mintOut || amountIn === 0n || amountOut === 0n || mintIn === mintOut) return null;
  const a0 = tokenAccount(tx, v0);
  const a1 = tokenAccount(tx, v1);
  const token0 = a0?.mint ?? (mintIn === a1?.mint ? mintOut : mintIn);
  const token1 = a1?.mint ?? (token0 === mintIn ? mintOut : mintIn);
  const reserves = spec.vaultsAreReserves !== false;
  const ix = tx.instructions[i]!;
  return {
    venueType: spec.venueType,
    programId: spec.programId,
    exchangeName: spec.exchangeName,
    pool: spec.pool,
    path: ix.path,
    flatIndex: i,
    mintIn,
    amountIn,
    mintOut,
    amountOut,
    trader: spec.trader ?? null,
    counterparties,
    token0,
    token1,
    reserve0: reserves ? (tx.postTokenBalances.get(v0)?.amount ?? null) : null,
    reserve1: reserves ? (tx.postTokenBalances.get(v1)?.amount ?? null) : null,
    launchpad: spec.launchpad ?? null,
    bondingProgress: spec.bondingProgress ?? null,
    eventAt: null,
  };
}
