import { createVaultVenue } from "../createVaultVenue.ts";
import { RAYDIUM_CPMM_PROGRAM } from "../solanaPrograms.ts";

const SWAP = { pool: 3, vaults: [6, 7], trader: 0 } as const;

/** Raydium CPMM (CP-Swap): swap_base_input and swap_base_output between the input and output vaults. */
export const raydiumCpmmVenue = createVaultVenue({
  venueType: "RAYDIUM_CPMM",
  programId: RAYDIUM_CPMM_PROGRAM,
  exchangeName: "Raydium CPMM",
  swaps: { "8fbe5adac41e33de": SWAP, "37d96256a34ab4ad": SWAP },
});
