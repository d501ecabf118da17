import { instructionData } from "../instructionData.ts";
import type { SolanaVenue } from "../SolanaVenue.ts";
import { RAYDIUM_AMM_V4_AUTHORITY, RAYDIUM_AMM_V4_PROGRAM } from "../solanaPrograms.ts";
import { tokenAccount } from "../tokenAccount.ts";
import { vaultSwapLeg } from "../vaultSwapLeg.ts";

// swapBaseIn, swapBaseOut, and their account-light v2 forms (one-byte instruction tags)
const SWAP_TAGS = new Set([9, 11, 16, 17]);

/**
 * Raydium AMM v4 (legacy, non-Anchor): the pool is account 1; its vaults are the accounts of
 * the instruction owned by the AMM authority (their position differs across the 17-, 18- and
 * 8-account forms); the trader is the last account.
 */
export const raydiumAmmV4Venue: SolanaVenue = {
  venueType: "RAYDIUM_AMM_V4",
  programId: RAYDIUM_AMM_V4_PROGRAM,
  exchangeName: "Raydium AMM v4",
  decode(tx, i, out) {
    const ix = tx.instructions[i]!;
    if (!SWAP_TAGS.has(instructionData(ix)[0] ?? -1)) return;
    const pool = ix.accounts[1];
    const vaults = ix.accounts.filter((a) => tokenAccount(tx, a)?.owner === RAYDIUM_AMM_V4_AUTHORITY);
    if (!pool || vaults.length < 2) return;
    const leg = vaultSwapLeg(tx, i, {
      venueType: "RAYDIUM_AMM_V4",
      programId: RAYDIUM_AMM_V4_PROGRAM,
      exchangeName: "Raydium AMM v4",
      pool,
      vaults: [vaults[0]!, vaults[1]!],
      trader: ix.accounts[ix.accounts.length - 1] ?? null,
    });
    if (leg) out.legs.push(leg);
  },
};
