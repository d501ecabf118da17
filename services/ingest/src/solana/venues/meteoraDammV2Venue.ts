import { createVaultVenue } from "../createVaultVenue.ts";
import { METEORA_DAMM_V2_PROGRAM } from "../solanaPrograms.ts";

const SWAP = { pool: 1, vaults: [4, 5], trader: 8 } as const;

/** Meteora DAMM v2 (cp-amm): swap and swap2 between token_a_vault and token_b_vault. */
export const meteoraDammV2Venue = createVaultVenue({
  venueType: "METEORA_DAMM_V2",
  programId: METEORA_DAMM_V2_PROGRAM,
  exchangeName: "Meteora DAMM v2",
  swaps: { f8c69e91e17587c8: SWAP, "414b3f4ceb5b5b88": SWAP },
});
