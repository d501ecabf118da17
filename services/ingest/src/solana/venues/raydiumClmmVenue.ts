import { createVaultVenue } from "../createVaultVenue.ts";
import { RAYDIUM_CLMM_PROGRAM } from "../solanaPrograms.ts";

const SWAP = { pool: 2, vaults: [5, 6], trader: 0 } as const;

/** Raydium CLMM: swap and swap_v2 between the pool's input and output vaults. */
export const raydiumClmmVenue = createVaultVenue({
  venueType: "RAYDIUM_CLMM",
  programId: RAYDIUM_CLMM_PROGRAM,
  exchangeName: "Raydium CLMM",
  swaps: { f8c69e91e17587c8: SWAP, "2b04ed0b1ac91e62": SWAP },
});
