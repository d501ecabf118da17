import { createVaultVenue } from "../createVaultVenue.ts";
import { METEORA_DAMM_V2_PROGRAM } from "../solanaPrograms.ts";

// referral_token_account (11, optional: the program id when absent) is paid its share of the fee by a vault
const SWAP = { pool: 1, vaults: [4, 5], trader: 8, fees: [11] } as const;

/** Meteora DAMM v2 (cp-amm): swap and swap2 between token_a_vault and token_b_vault. */
export const meteoraDammV2Venue = createVaultVenue({
  venueType: "METEORA_DAMM_V2",
  programId: METEORA_DAMM_V2_PROGRAM,
  exchangeName: "Meteora DAMM v2",
  swaps: { f8c69e91e17587c8: SWAP, "414b3f4ceb5b5b88": SWAP },
});
